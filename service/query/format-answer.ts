import type { CitationStyle } from '../templates/prompt-template.ts';

/** A citation as the answer text refers to it. */
interface CitedSource {
  anchor: string;
  doc: string;
  page: number;
  /** The page's text was recognised by OCR: shown as `(OCR)` after the page. */
  ocr?: boolean | undefined;
}

/**
 * Writes the pipeline's answer (`sentence [C0][C2].`) in the requested citation style:
 * `bracketed_ids` leaves it as it is, `inline_numbers` numbers the citations `[1]`, `[2]` in order of
 * first use, `end_list` removes the markers and lists the sources after the answer. `markdown`
 * adds the sources as a bullet list.
 */
export function formatAnswer(text: string, citations: readonly CitedSource[], style: CitationStyle, responseStyle: 'plain' | 'markdown'): string {
  const number = new Map(citations.map((citation, index) => [citation.anchor, index + 1]));
  const label = (citation: CitedSource) => (style === 'inline_numbers' ? `[${number.get(citation.anchor)}]` : `[${citation.anchor}]`);
  let body = text;
  if (style === 'inline_numbers') body = text.replace(/\[(C\d+)\]/g, (marker, anchor: string) => (number.has(anchor) ? `[${number.get(anchor)}]` : marker));
  if (style === 'end_list') body = text.replace(/ ?(\[C\d+\])+/g, '');
  const listed = style === 'end_list' || responseStyle === 'markdown';
  if (!listed || citations.length === 0) return body;
  const lines = citations.map((citation) => `${responseStyle === 'markdown' ? '- ' : ''}${label(citation)} ${citation.doc}, page ${citation.page}${citation.ocr ? ' (OCR)' : ''}`);
  return `${body}\n\n${responseStyle === 'markdown' ? '**Sources**' : 'Sources:'}\n${lines.join('\n')}`;
}
