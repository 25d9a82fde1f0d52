import path from 'node:path';

/** A path as a user would type it: relative to `cwd` when inside it, else absolute. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
