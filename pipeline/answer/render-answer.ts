import { ClausegateError } from '../errors.ts';
import type { GenerationEvidence, GenerationOutput } from '../providers/generator.ts';
import { findFigures } from './find-figures.ts';
import { readSentenceAnchors } from './read-sentence-anchors.ts';
import { renderTableRow } from './render-table-row.ts';

/** A citation as shown to the user: where the evidence comes from and the line of it that matters. */
export interface RenderedCitation {
  anchor: string;
  chunkId: string;
  doc: string;
  page: number;
  sectionHeading: string;
  /** The line or sentence of the evidence that best matches the sentences citing it (verbatim, `…` when cut). */
  quote: string;
}

/** An answer as text with `[C#]` markers, and its citations in order of first use. */
export interface RenderedAnswer {
  text: string;
  citations: RenderedCitation[];
}

const QUOTE_MAX_CHARACTERS = 300;

/**
 * Renders a validated reply: each sentence as `sentence [C0][C2].` (inline anchors the model wrote
 * are moved to the end, before the final punctuation), one sentence per line, a table row as
 * `heading — row label: value [C0].` (`renderTableRow`), and one citation
 * per anchor used, in order of first use, quoting the evidence line or sentence that shares the
 * most figures, then words, with the sentences citing it. A refusal renders as its trimmed text with
 * no citations. Throws `internal` on an anchor missing from `evidence`: only validated replies may be
 * rendered.
 */
export function renderAnswer(output: GenerationOutput, evidence: readonly GenerationEvidence[]): RenderedAnswer {
  if (output.kind === 'refusal') return { text: output.text.trim(), citations: [] };
  const byAnchor = new Map(evidence.map((item) => [item.anchor, item]));
  const citingText = new Map<string, string[]>();
  const rendered = output.sentences.map((sentence) => {
    const { anchors, text } = readSentenceAnchors(sentence);
    for (const anchor of anchors) {
      if (!byAnchor.has(anchor)) {
        throw new ClausegateError('internal', `cannot render anchor ${anchor}: it is not among the evidence anchors`, {
          hint: 'render only replies that passed validateAnswer',
        });
      }
      citingText.set(anchor, [...(citingText.get(anchor) ?? []), text]);
    }
    const markers = anchors.map((anchor) => `[${anchor}]`).join('');
    const row = renderTableRow(text);
    // A rendered row is a sentence of its own: it ends with a full stop.
    const readable = row === text ? text : `${row}.`;
    const ending = /[.!?]$/.exec(readable)?.[0] ?? '';
    const body = readable.slice(0, readable.length - ending.length);
    return markers.length > 0 ? `${body} ${markers}${ending}` : readable;
  });
  const citations = [...citingText.entries()].map(([anchor, sentences]): RenderedCitation => {
    const item = byAnchor.get(anchor)!;
    return {
      anchor,
      chunkId: item.chunkId,
      doc: item.doc,
      page: item.page,
      sectionHeading: item.sectionHeading,
      quote: bestQuote(item.text, sentences.join(' ')),
    };
  });
  return { text: rendered.join('\n'), citations };
}

function bestQuote(evidenceText: string, citing: string): string {
  const figures = new Set(findFigures(citing).map((figure) => figure.canonical));
  const words = wordsOf(citing);
  let best = '';
  let bestScore = -1;
  for (const segment of segmentsOf(evidenceText)) {
    const segmentFigures = new Set(findFigures(segment).map((figure) => figure.canonical));
    const sharedFigures = [...figures].filter((figure) => segmentFigures.has(figure)).length;
    const sharedWords = [...wordsOf(segment)].filter((word) => words.has(word)).length;
    const score = sharedFigures * 1000 + sharedWords;
    if (score > bestScore) {
      best = segment;
      bestScore = score;
    }
  }
  return shorten(best);
}

// Lines, and sentences within lines; a clause number (`1.1.`, `(a)`) stays with its sentence.
function segmentsOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const segments: string[] = [];
    let pending = '';
    for (const part of line.split(/(?<=[.!?;])\s+(?=\S)/)) {
      const segment = pending ? `${pending} ${part.trim()}` : part.trim();
      if (/^\(?(?:\d+(?:\.\d+)*|[a-z]{1,4})[.)]*$/i.test(segment)) {
        pending = segment;
        continue;
      }
      pending = '';
      if (segment.length > 0) segments.push(segment);
    }
    if (pending) segments.push(pending);
    return segments;
  });
}

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 2));
}

function shorten(text: string): string {
  if (text.length <= QUOTE_MAX_CHARACTERS) return text;
  const cut = text.slice(0, QUOTE_MAX_CHARACTERS);
  const wordEnd = cut.lastIndexOf(' ');
  return `${(wordEnd > QUOTE_MAX_CHARACTERS / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}
