import type { PerturbationCase } from '../golden/golden-case.ts';

/**
 * `perturb.jsonl` text: one JSON object per line, a final newline, keys in a fixed order (`id`,
 * `base_id`, `kind`, `expect`, `question`, then `evidence` and `answer_terms` when not empty,
 * `notes` and `tags` when present), so that the same perturbations always give the same bytes.
 * An `expect: 'refuse'` line leaves out its empty evidence and answer terms, as the schema allows.
 */
export function formatPerturbationLines(perturbations: readonly PerturbationCase[]): string {
  return perturbations.map((perturbation) => `${JSON.stringify(orderKeys(perturbation))}\n`).join('');
}

function orderKeys(perturbation: PerturbationCase): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  if (perturbation.schemaVersion !== undefined) line.schemaVersion = perturbation.schemaVersion;
  line.id = perturbation.id;
  line.base_id = perturbation.base_id;
  line.kind = perturbation.kind;
  line.expect = perturbation.expect;
  line.question = perturbation.question;
  if (perturbation.evidence.length > 0) line.evidence = perturbation.evidence.map((evidence) => ({ doc: evidence.doc, page: evidence.page, quote: evidence.quote }));
  if (perturbation.answer_terms.length > 0) line.answer_terms = [...perturbation.answer_terms];
  if (perturbation.notes !== undefined) line.notes = perturbation.notes;
  if (perturbation.tags !== undefined) line.tags = [...perturbation.tags];
  return line;
}
