import { createHash } from 'node:crypto';
import { ClausegateError } from '../../pipeline/errors.ts';
import type { ShardSpec } from '../report/run-report.ts';

/** What `shardCases` needs of a case. */
export interface ShardableCase {
  id: string;
  baseId?: string;
}

/**
 * Keeps the cases of shard `index` of `count` (1-based): a case belongs to shard
 * `sha256(id) mod count + 1`, a perturbation to its base case's shard, so a base and its
 * perturbations are always scored in the same run. Stable across runs, machines and suite edits
 * (adding a case never moves another).
 */
export function shardCases<Case extends ShardableCase>(cases: readonly Case[], shard: ShardSpec | null): Case[] {
  if (shard === null) return [...cases];
  return cases.filter((item) => shardOf(item.baseId ?? item.id, shard.count) === shard.index);
}

/** The 1-based shard of a case id among `count` shards. */
export function shardOf(id: string, count: number): number {
  const hash = createHash('sha256').update(id, 'utf8').digest();
  return (hash.readUInt32BE(0) % count) + 1;
}

/** Parses `--shard i/n` (1 ≤ i ≤ n); throws `input_invalid` otherwise. */
export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !(count >= 1) || !(index >= 1) || index > count) {
    throw new ClausegateError('input_invalid', `--shard ${JSON.stringify(text)} is not i/n with 1 <= i <= n`, {
      hint: 'for example --shard 1/4 … --shard 4/4, then harness merge the four report folders',
    });
  }
  return { index, count };
}
