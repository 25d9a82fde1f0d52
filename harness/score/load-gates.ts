import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { Gates } from './gates.ts';

/** The QA contract as read from disk, with what identifies the exact bytes read. */
export interface LoadedGates {
  gates: Gates;
  file: string;
  /** `sha256:<hex>` of the file's bytes; recorded in every report. */
  contentHash: string;
}

/** Reads and validates the gates file (`golden/gates.json`); throws `golden_invalid` when it is missing or malformed. */
export async function loadGates(file: string): Promise<LoadedGates> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new ClausegateError('golden_invalid', `cannot read the gates file ${file}: ${(error as Error).message}`, {
      hint: 'the QA contract lives in golden/gates.json; restore it from version control',
      location: { file },
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ClausegateError('golden_invalid', `${file} is not valid JSON: ${(error as Error).message}`, { location: { file } });
  }
  const result = Gates.safeParse(value);
  if (!result.success) {
    throw new ClausegateError('golden_invalid', `${file} is not a valid gates file:\n${formatIssues(result.error.issues)}`, {
      hint: 'each gate needs id, metric, population, comparison (>=, <=, ==) and a threshold between 0 and 1',
      location: { file },
    });
  }
  return { gates: result.data, file, contentHash: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
}

/**
 * The gates file a suite is checked against: its own `<goldenDir>/<suite>/gates.json` when it has
 * one (a suite not yet at the QA contract holds its ratchet there), else the QA contract
 * `<goldenDir>/gates.json`.
 */
export function defaultGatesFile(goldenDir: string, suite: string): string {
  const own = path.join(goldenDir, suite, 'gates.json');
  return existsSync(own) ? own : path.join(goldenDir, 'gates.json');
}
