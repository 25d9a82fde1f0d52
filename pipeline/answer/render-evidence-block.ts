import type { GenerationEvidence } from '../providers/generator.ts';
import { sanitizePromptText } from './sanitize-prompt-text.ts';

/**
 * One evidence item exactly as the frozen prompt shows it: the header
 * `[C{n} | chunk_id=… | doc=… | page=…]` on its own line, then the sanitised text. Header fields are
 * sanitised, folded onto one line, and their `|` become `/`, so a document name cannot add a field or
 * close the header early. The text is sanitised again (idempotent) so a caller that passes
 * unsanitised evidence cannot forge anchors either.
 */
export function renderEvidenceBlock(evidence: GenerationEvidence): string {
  const header = `[${evidence.anchor} | chunk_id=${headerField(evidence.chunkId)} | doc=${headerField(evidence.doc)} | page=${evidence.page}]`;
  return `${header}\n${sanitizePromptText(evidence.text)}`;
}

function headerField(value: string): string {
  return sanitizePromptText(value).replace(/\s+/g, ' ').replace(/\|/g, '/');
}
