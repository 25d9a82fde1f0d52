import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/** A mounted tmpfs; `unmount` is safe to call twice. */
export interface MountedTmpfs {
  folder: string;
  remountReadOnly(): void;
  unmount(): void;
}

/**
 * Mounts a small tmpfs of `sizeKb` at `folder` (root only, where the kernel allows it) so that a
 * test can fill a real file system (ENOSPC) or make it read-only (EROFS). `undefined` when mounting
 * is not possible here; callers then fall back to permissions or say they skipped.
 */
export function mountTmpfs(folder: string, sizeKb: number): MountedTmpfs | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', folder], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  let mounted = true;
  return {
    folder,
    remountReadOnly() {
      execFileSync('mount', ['-o', 'remount,ro', folder], { stdio: 'ignore' });
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      execFileSync('umount', ['-l', folder], { stdio: 'ignore' });
    },
  };
}
