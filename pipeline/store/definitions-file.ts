import { z } from 'zod';
import type { DefinitionEntry } from '../types.ts';

/** One stored definition (the shape of `DefinitionEntry`). */
export const StoredDefinition = z
  .object({
    term: z.string().min(1),
    key: z.string().min(1),
    definition: z.string(),
    chunkId: z.string().min(1),
    doc: z.string().min(1),
    page: z.number().int().min(1),
    source: z.string().min(1),
  })
  .strict();
export type StoredDefinition = z.infer<typeof StoredDefinition>;

const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

/** `StoredDefinition`'s check in plain code (a test holds the two to the same verdicts). */
export function isStoredDefinition(item: unknown): item is StoredDefinition {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  const { term, key, definition, chunkId, doc, page, source, ...rest } = item as Record<string, unknown>;
  return (
    isNonEmptyString(term) &&
    isNonEmptyString(key) &&
    typeof definition === 'string' &&
    isNonEmptyString(chunkId) &&
    isNonEmptyString(doc) &&
    Number.isInteger(page) &&
    (page as number) >= 1 &&
    isNonEmptyString(source) &&
    Object.keys(rest).length === 0
  );
}

// Hundreds per index (CME: 280, CUAD: 562), checked at every open: zod per entry was most of the
// check of this file at a cold query's open. The first entry that fails is described by zod.
const definitionList = z.custom<StoredDefinition[]>((value) => Array.isArray(value) && value.every(isStoredDefinition), {
  error: (issue) => describeFirstInvalid(issue.input),
});

function describeFirstInvalid(value: unknown): string {
  if (!Array.isArray(value)) return 'expected an array of definitions';
  const at = value.findIndex((item) => !isStoredDefinition(item));
  const problems = StoredDefinition.safeParse(value[at]).error?.issues ?? [];
  return `entry ${at}: ${problems.map((problem) => `${problem.path.length > 0 ? `${problem.path.join('.')}: ` : ''}${problem.message}`).join('; ')}`;
}

/** `definitions.json` of an index version: the definitions index, in the order the ingest built it. */
export const DefinitionsFile = z
  .object({
    schemaVersion: z.literal(1),
    definitions: definitionList,
  })
  .strict();
export type DefinitionsFile = z.infer<typeof DefinitionsFile>;

// The stored shape and the domain type must stay the same; this fails to compile when they drift.
const sameShape: [DefinitionEntry, StoredDefinition] extends [StoredDefinition, DefinitionEntry] ? true : never = true;
void sameShape;
