import { readFileSync } from 'node:fs';

/**
 * The sources of the project's own `.clausegate.json` (the real corpora's refusal strings, document
 * hints and expansion rules), for tests that run the pipeline over those corpora as the CLI does.
 */
export function loadProjectSources(): Record<string, unknown> {
  const file = new URL('../../.clausegate.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { sources: Record<string, unknown> }).sources;
}
