import type { ConfigChange } from './comparison.ts';

/**
 * The settings that differ between two config snapshots, as leaf paths in sorted order
 * (`gate.relevanceThreshold: 2 → 3`). Arrays are compared as a whole; a setting present on one
 * side only has `null` on the other.
 */
export function diffConfig(base: Record<string, unknown>, head: Record<string, unknown>): ConfigChange[] {
  const before = flatten(base);
  const after = flatten(head);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths
    .filter((path) => JSON.stringify(before.get(path)) !== JSON.stringify(after.get(path)))
    .map((path) => ({ path, before: before.get(path) ?? null, after: after.get(path) ?? null }));
}

function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) flatten(item, prefix === '' ? key : `${prefix}.${key}`, into);
    return into;
  }
  into.set(prefix, value);
  return into;
}
