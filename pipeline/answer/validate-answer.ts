import type { GenerationOutput } from '../providers/generator.ts';
import { findFigures, isFigureSupported } from './find-figures.ts';
import type { Figure } from './find-figures.ts';
import { readSentenceAnchors } from './read-sentence-anchors.ts';

/** The evidence an answer may cite: its anchor and text, and the header fields the prompt showed. */
export interface ValidationEvidence {
  anchor: string;
  text: string;
  /** Document path shown in the header; its figures (`…-january-2026.pdf`) count as stated. */
  doc?: string;
  /** Section heading of the chunk; its figures count as stated. */
  sectionHeading?: string;
}

/** Input of `validateAnswer`. */
export interface ValidateAnswerInput {
  output: GenerationOutput;
  evidence: readonly ValidationEvidence[];
  /** The source's exact refusal string. */
  refusal: string;
  /** The prompt's sentence limit; `too_many_sentences` is only checked when it is given. */
  maxSentences?: number;
}

/** Stable codes of what can be wrong with a generator's reply. */
export type AnswerViolationCode =
  | 'unknown_anchor'
  | 'uncited_sentence'
  | 'unsupported_number'
  | 'refusal_mismatch'
  | 'empty_answer'
  | 'too_many_sentences';

/** One thing wrong with a reply; `sentence` is the 0-based index of the sentence concerned. */
export interface AnswerViolation {
  code: AnswerViolationCode;
  sentence?: number;
  detail: string;
}

/** The verdict on a reply. */
export interface AnswerValidation {
  /** True only when there is no violation. */
  ok: boolean;
  violations: AnswerViolation[];
  /**
   * Sentences citing at least one known anchor, over all sentences (every sentence counts as
   * factual). 1 for a refusal (it claims nothing); 0 for an answer without sentences.
   */
  attributionCoverage: number;
  /** Known anchors cited anywhere in the answer, in evidence order. */
  citedAnchors: string[];
}

/**
 * Checks a generator's reply against the evidence it was given, failing closed. A refusal must equal
 * the refusal string (both trimmed). An answer must have sentences, no more than `maxSentences`, and
 * each sentence: its anchors — the structured ones and any `[C#]` written in its text — must all be
 * known (`unknown_anchor`); it must cite at least one known anchor (`uncited_sentence`); every
 * number, amount, percentage and date in it must appear in the evidence it cites (`unsupported_number`;
 * `$3,640`, `$3,640.00` and `3640` are one number; `January 1, 2026`, `1 January 2026` and
 * `2026-01-01` one date; anchors, footnote digits glued to words and a leading list marker are not
 * figures). An answer sentence that is the refusal string is a `refusal_mismatch`.
 */
export function validateAnswer(input: ValidateAnswerInput): AnswerValidation {
  const refusal = input.refusal.trim();
  const { output } = input;
  if (output.kind === 'refusal') {
    const ok = output.text.trim() === refusal;
    return {
      ok,
      violations: ok ? [] : [{ code: 'refusal_mismatch', detail: `refusal ${JSON.stringify(output.text.trim())} is not the exact refusal string ${JSON.stringify(refusal)}` }],
      attributionCoverage: 1,
      citedAnchors: [],
    };
  }

  const violations: AnswerViolation[] = [];
  const known = new Map<string, Figure[]>();
  for (const item of input.evidence) known.set(item.anchor, evidenceFigures(item));
  if (output.sentences.length === 0) {
    violations.push({ code: 'empty_answer', detail: 'the answer has no sentences' });
  }
  if (input.maxSentences !== undefined && output.sentences.length > input.maxSentences) {
    violations.push({ code: 'too_many_sentences', detail: `${output.sentences.length} sentences; at most ${input.maxSentences} allowed` });
  }

  const cited = new Set<string>();
  let attributed = 0;
  output.sentences.forEach((sentence, index) => {
    const { anchors, text } = readSentenceAnchors(sentence);
    if (text.length === 0) {
      violations.push({ code: 'empty_answer', sentence: index, detail: 'the sentence has no text besides its anchors' });
      return;
    }
    if (text === refusal) {
      violations.push({ code: 'refusal_mismatch', sentence: index, detail: 'the refusal string was given as an answer sentence instead of as the refusal' });
    }
    const supporting: Figure[] = [];
    const knownAnchors: string[] = [];
    for (const anchor of anchors) {
      const figures = known.get(anchor);
      if (figures === undefined) {
        violations.push({ code: 'unknown_anchor', sentence: index, detail: `${anchor} is not one of the evidence anchors (${[...known.keys()].join(', ') || 'none'})` });
        continue;
      }
      knownAnchors.push(anchor);
      cited.add(anchor);
      supporting.push(...figures);
    }
    if (knownAnchors.length === 0) {
      violations.push({ code: 'uncited_sentence', sentence: index, detail: anchors.length === 0 ? 'the sentence cites no evidence' : 'the sentence cites no known evidence' });
    } else {
      attributed += 1;
    }
    for (const figure of findFigures(withoutListMarker(text))) {
      if (!isFigureSupported(figure, supporting)) {
        const detail =
          knownAnchors.length === 0
            ? `${figure.kind} ${JSON.stringify(figure.text)} rests on no cited evidence`
            : `${figure.kind} ${JSON.stringify(figure.text)} does not appear in the cited evidence (${knownAnchors.join(', ')})`;
        violations.push({ code: 'unsupported_number', sentence: index, detail });
      }
    }
  });

  return {
    ok: violations.length === 0,
    violations,
    attributionCoverage: output.sentences.length === 0 ? 0 : attributed / output.sentences.length,
    citedAnchors: input.evidence.map((item) => item.anchor).filter((anchor) => cited.has(anchor)),
  };
}

function evidenceFigures(item: ValidationEvidence): Figure[] {
  const figures = findFigures(item.text);
  if (item.sectionHeading) figures.push(...findFigures(item.sectionHeading));
  // A document path reads like a title once its separators are spaces and its words capitalised
  // (`schedule-5-to-the-ila-january-2026.pdf` → `Schedule 5 To The Ila January 2026 Pdf`).
  if (item.doc) {
    const title = item.doc.replace(/[-_./\\]+/g, ' ').replace(/\p{L}+/gu, (word) => word.charAt(0).toUpperCase() + word.slice(1));
    figures.push(...findFigures(title));
  }
  return figures;
}

// `1. `, `2) `, `(3) ` at the start of a sentence number a list item; they are not claims.
function withoutListMarker(text: string): string {
  return text.replace(/^\s*\(?\d{1,2}[.)]\s+/, '');
}
