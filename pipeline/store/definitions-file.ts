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

/** `definitions.json` of an index version: the definitions index, in the order the ingest built it. */
export const DefinitionsFile = z
  .object({
    schemaVersion: z.literal(1),
    definitions: z.array(StoredDefinition),
  })
  .strict();
export type DefinitionsFile = z.infer<typeof DefinitionsFile>;

// The stored shape and the domain type must stay the same; this fails to compile when they drift.
const sameShape: [DefinitionEntry, z.infer<typeof StoredDefinition>] extends [z.infer<typeof StoredDefinition>, DefinitionEntry] ? true : never = true;
void sameShape;
