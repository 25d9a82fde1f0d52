import { mkdirSync } from 'node:fs';
import { ClausegateError } from '../../pipeline/errors.ts';

/**
 * The named error for a failed file-system call: `disk_full` (ENOSPC, EDQUOT), `filesystem_read_only`
 * (EROFS) and `permission_denied` (EACCES, EPERM), each saying what failed, on which path, and what
 * to do. `undefined` for any other error, which stays what it is. Only the CLI's edge calls it.
 */
export function describeFileSystemError(error: unknown): ClausegateError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path: file, syscall } = error as NodeJS.ErrnoException;
  // A recursive mkdir reports ENOENT on a read-only file system: one plain mkdir says why.
  if (code === 'ENOENT' && syscall === 'mkdir' && file !== undefined) {
    try {
      mkdirSync(file);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') return describeFileSystemError(cause);
    }
    return undefined;
  }
  const where = file ?? 'a file';
  const what = syscall ? `${syscall} ${where}` : where;
  const location = file === undefined ? {} : { location: { file } };
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new ClausegateError('disk_full', `the disk is full: ${what} failed (${code})`, {
        hint: `free space on the disk that holds ${where} (or point paths.* in .clausegate.json elsewhere), then run the command again`,
        ...location,
      });
    case 'EROFS':
      return new ClausegateError('filesystem_read_only', `the file system is read-only: ${what} failed (EROFS)`, {
        hint: `remount it read-write, or point paths.* in .clausegate.json (indexDir, reportDir, logDir, cacheDir) at a writable folder`,
        ...location,
      });
    case 'EACCES':
    case 'EPERM':
      return new ClausegateError('permission_denied', `permission denied: ${what} failed (${code})`, {
        hint: `give the user running harness access to ${where} (or point paths.* in .clausegate.json at a folder it may write)`,
        ...location,
      });
    default:
      return undefined;
  }
}
