import type { SeededRandom } from './create-seeded-random.ts';
import { findProtectedSpans } from './find-protected-spans.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/**
 * Conversational openings a user types before the actual question. None names a document, an
 * exchange, a product, a year or an amount, so none changes what is asked; some are stripped by
 * the question stage (`hey`, `quick question`, `i was wondering`) and some are not (`for our
 * compliance review`), which is the point.
 */
export const FILLER_PREFIXES: readonly string[] = [
  'Hey, quick question —',
  'I was wondering,',
  'For our compliance review, could you tell me:',
  'Sorry if this is obvious, but',
  'Hi there! Quick one:',
  'Apologies for the basic question, but',
  'Our ops team asked me this:',
  'Just to double-check,',
  'Hello, I need some help.',
];

/**
 * Puts one of `FILLER_PREFIXES` before `question`. After a prefix that continues the sentence the
 * question's first letter is lower-cased, unless the first word is protected (an acronym, a known
 * exchange or product, a number, a date), is `I`, or opens a name or defined term (the next word
 * is capitalised too). `undefined` for an empty question.
 */
export function applyFillerPrefix(question: string, random: SeededRandom): PerturbationEdit | undefined {
  const trimmed = question.trim();
  const prefix = random.pick(FILLER_PREFIXES);
  if (trimmed === '' || prefix === undefined) return undefined;
  const continuesSentence = !/[.!?:]$/u.test(prefix);
  const body = continuesSentence ? lowerFirstLetter(trimmed) : trimmed;
  return { question: `${prefix} ${body}`, note: `prefix "${prefix}"` };
}

function lowerFirstLetter(question: string): string {
  const words = /^(\p{L}[\p{L}'’]*)(?:\s+(\S+))?/u.exec(question);
  const first = words?.[1];
  if (first === undefined || first === 'I' || /^I['’]/u.test(first)) return question;
  if (findProtectedSpans(question).some((span) => span.start === 0)) return question;
  // Two capitalised words open a name or a defined term (`Subscriber Display Devices…`, `Category B…`).
  if (words?.[2] !== undefined && /^\p{Lu}/u.test(words[2])) return question;
  return question.charAt(0).toLowerCase() + question.slice(1);
}
