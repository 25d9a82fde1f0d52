// Usage: node .ci/record-lancedb-platforms.mjs package-lock.json   (after any `npm install` that rewrites the lockfile)
// Why: the registry this project installs from serves only the linux-x64 builds of @lancedb/lancedb 0.37.1;
// npm then leaves the other platforms out of the lockfile and `npm ci` refuses it as out of sync.
// Records lancedb's platform binaries that this registry does not serve as optional, platform-bound
// lockfile entries, so `npm ci` accepts the lockfile and skips them on other platforms.
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(readFileSync(file, 'utf8'));
const version = lock.packages['node_modules/@lancedb/lancedb'].version;
const platforms = {
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
for (const [suffix, constraints] of Object.entries(platforms)) {
  const key = `node_modules/@lancedb/lancedb-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version,
    resolved: `https://registry.npmjs.org/@lancedb/lancedb-${suffix}/-/lancedb-${suffix}-${version}.tgz`,
    ...constraints,
    license: 'Apache-2.0',
    optional: true,
    engines: { node: '>= 18' },
  };
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
