import type { GateChange } from './comparison.ts';

/** The fields of a gate that define it (a gate result carries them too). */
export interface GateDefinition {
  id: string;
  metric: string;
  population: string;
  comparison: string;
  threshold: number;
}

const FIELDS = ['metric', 'population', 'comparison', 'threshold'] as const;

/**
 * The differences between two gates files, by gate id: gates added, removed, and changed with
 * each field that differs (`threshold 0.95 → 0.9`, `comparison >= → ==`). Base order, then the
 * head's new gates.
 */
export function diffGates(base: readonly GateDefinition[], head: readonly GateDefinition[]): GateChange[] {
  const changes: GateChange[] = [];
  const headById = new Map(head.map((gate) => [gate.id, gate]));
  const baseIds = new Set(base.map((gate) => gate.id));
  for (const before of base) {
    const after = headById.get(before.id);
    if (after === undefined) {
      changes.push({ id: before.id, change: 'removed', fields: FIELDS.map((field) => ({ field, before: before[field], after: null })) });
      continue;
    }
    const fields = FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({ field, before: before[field], after: after[field] }));
    if (fields.length > 0) changes.push({ id: before.id, change: 'changed', fields });
  }
  for (const after of head) {
    if (!baseIds.has(after.id)) changes.push({ id: after.id, change: 'added', fields: FIELDS.map((field) => ({ field, before: null, after: after[field] })) });
  }
  return changes;
}
