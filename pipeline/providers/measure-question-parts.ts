import { measureSegment } from '../relevance/index.ts';
import type { SegmentRelevance } from '../relevance/index.ts';
import { profileQuestion, splitQuestionParts } from '../question/index.ts';
import type { OfflineLexicalOptions, QuestionProfile } from '../question/index.ts';
import { hasDeadlineDate } from '../text/index.ts';
import type { PartMeasure } from './find-part-answers.ts';
import { findStatedValues } from './find-stated-values.ts';

/** A sentence or table row as a part of the question is measured against. */
export interface PartUnit {
  /** The sentence, or the row's cells joined by ` | `. */
  text: string;
  /** What it is read under: section heading, caption, parent row. */
  heading: string;
  doc: string;
  /** The question's document-naming terms its document answers for, if any. */
  documentTerms?: ReadonlySet<string> | undefined;
}

/** The parts of a question asking several things, each read alone (`splitQuestionParts`); one part: `[]`. */
export function partsOf(question: string, options: OfflineLexicalOptions): QuestionProfile[] {
  const parts = splitQuestionParts(question);
  if (parts.length < 2) return [];
  return parts.map((part, index) => {
    let profile = profileQuestion(part, options);
    // A part that refers back (`…, and who is eligible for it?`, `…, and when would it lapse?`)
    // asks about what the part before it names: read with those terms too, and its own ask.
    if (index > 0 && REFERS_BACK.test(part) && profile.terms.length > 0) {
      const joined = profileQuestion(`${parts[index - 1]!} ${part}`, options);
      profile = { ...joined, ask: profile.ask, deadline: profile.deadline, ownTerms: profile.terms };
    }
    partValues.set(profile, new Set(findStatedValues(part)));
    return profile;
  });
}

// A pronoun standing for what an earlier part names.
const REFERS_BACK = /\b(?:it|its|they|them|their|this|these|those)\b/i;

/** The figures and dates each part of a question states itself (`what date did the March 2025 list give`). */
const partValues = new WeakMap<QuestionProfile, ReadonlySet<string>>();

/**
 * How a unit answers one part of the question: its relevance to the part alone, ranked as units are
 * for the whole. A unit whose only figures or dates are those the part states itself (`March 2025`,
 * or a day of it, for `what date did the March 2025 list give?`) does not hold the value the part asks for.
 */
export function measurePart(part: QuestionProfile, unit: PartUnit): PartMeasure {
  let relevance = measureSegment(part, unit.text, unit.heading, unit.doc, unit.text.includes(' | ') ? undefined : unit.documentTerms);
  const named = partValues.get(part);
  if (relevance.askMet && named !== undefined && named.size > 0) {
    const stated = findStatedValues(unit.text);
    // (A date in a month the part names, `March 1, 2025` of `the March 2025 list`, is that month's.)
    const isNamed = (value: string) => named.has(value) || (/^\d{4}-\d{2}-\d{2}$/.test(value) && named.has(value.slice(0, 7)));
    if (stated.length > 0 && stated.every(isNamed)) relevance = { ...relevance, askMet: false };
  }
  return { relevance, rank: rankOf(part, relevance) + (part.deadline === true && hasDeadlineDate(unit.text) ? 0.3 : 0) };
}

/** Coverage, plus 0.5 for holding the value asked for (1 for the definition asked for), plus 0.1 per verbatim phrase (at most 0.3). */
export function rankOf(profile: QuestionProfile, relevance: SegmentRelevance): number {
  const askBonus = relevance.askMet ? (profile.ask === 'definition' ? 1 : 0.5) : 0;
  return relevance.coverage + askBonus + Math.min(0.3, 0.1 * relevance.phrasesMatched);
}
