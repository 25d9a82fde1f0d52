import { wordsOf } from '../text/index.ts';
import { LEXICAL_STOP_WORDS } from './question-stop-words.ts';

// A question clause opening after a framing clause: a question word or auxiliary after `:`, `.`, `;`,
// `!`, `?`, a dash, `, but` / `, so` / `,`, or after `know` / `wondering` / `asking` (`need to know what…`).
// A preposition before a question word opens a question too (`within what period…`, `in which schedule…`).
const QUESTION_OPENING = /^(?:(?:within|in|under|by|for|to|from|on|at|after|before|until)\s+(?:what|which|whom|whose)\b|(?:what|what's|which|who|whom|whose|how|when|where|why|whether|does|do|did|is|are|was|were|can|could|may|must|should|will|would|has|have)\b)/;

// After `:` or `!` (`hi there! quick one: minimum number of…`) any clause may be the question.
const QUESTION_AFTER_COLON = /[:!]\s+(?=[\p{L}\p{N}])/gu;

const QUESTION_CLAUSE =
  /(?:[.:;!?]\s+|\s[-\u2014]\s|,\s+(?:(?:but|so|and)\s+)?|\b(?:know|wondering|wonder|asking|ask|check|confirm)\s+)(?=(?:what|what's|which|who|whom|whose|how|when|where|why|whether|if|does|do|did|is|are|was|were|can|could|may|must|should|will|would|has|have|(?:since|from|until)\s+when|(?:within|in|under|by|for|to|from|on|at|after|before|until)\s+(?:what|which|whom|whose))\b)/g;

/**
 * The length of the framing before the question itself (`our ops team asked me this: ` in `our ops
 * team asked me this: what are the device fee waiver policies?`): the text before the first clause
 * opening with a question word, else before what follows the last `:` or `!`, when that clause holds
 * at least two content words. 0 when the question has no such framing.
 */
export function framingLength(normalized: string): number {
  // A question that opens with a question word is asked from its start: `how much notice…, and how
  // often can it happen?` asks two things, neither of them framing.
  if (QUESTION_OPENING.test(normalized)) return 0;
  const holdsQuestion = (start: number) => wordsOf(normalized.slice(start)).filter((word) => !LEXICAL_STOP_WORDS.has(word) && word.length > 1).length >= 2;
  // The first clause that opens with a question word: a compound question (`…, but how much
  // notice…, and how often…?`) asks everything after its framing.
  for (const match of normalized.matchAll(QUESTION_CLAUSE)) {
    const start = match.index + match[0].length;
    if (holdsQuestion(start)) return start;
  }
  // Else what follows the last `:` or `!` (`hi there! quick one: minimum number of…`).
  const after = [...normalized.matchAll(QUESTION_AFTER_COLON)].map((match) => match.index + match[0].length).filter(holdsQuestion);
  if (after.length > 0) return after.at(-1)!;
  // Else a short opening clause before a comma (`just to double-check, subscriber group definition`).
  const opening = /^[^,]{3,40},\s+/.exec(normalized);
  return opening !== null && opening[0].split(/\s+/).length <= 5 && holdsQuestion(opening[0].length) ? opening[0].length : 0;
}

/**
 * Abbreviations the question spells out in parentheses (`GME (Gulf Mercantile Exchange)`, the
 * initials of the spelled-out words matching the capitals): the question without the parenthesis,
 * and a rule that counts the spelled-out words as the abbreviation, so that a text naming either
 * names the term once.
 */
export function findSpelledOutAbbreviations(question: string): { question: string; rules: { pattern: string; expansion: string }[] } {
  const rules: { pattern: string; expansion: string }[] = [];
  const text = question.replace(/\b(\p{Lu}{2,6})\s*\(([^()]{3,80})\)/gu, (whole, abbreviation: string, inner: string) => {
    const initials = inner
      .split(/[\s-]+/)
      .filter((word) => /^\p{Lu}/u.test(word))
      .map((word) => word[0])
      .join('');
    if (initials !== abbreviation) return whole;
    rules.push({ pattern: abbreviation, expansion: inner });
    return abbreviation;
  });
  return { question: text, rules };
}
