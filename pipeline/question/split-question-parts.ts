import { QUESTION_STOP_WORDS } from './question-stop-words.ts';

// A word that opens a question of its own: a question word, an auxiliary that starts a yes/no
// question, or a preposition before a question word (`in how many instalments`, `until when`, `on what notice`).
const OPENING_WORD =
  "(?:what|what's|whats|which|who|whom|whose|how|when|where|why|whether|does|do|did|is|are|was|were|can|could|may|must|should|will|would|has|have|(?:until|since|from|by|within|for|in|under|to|after|at|over|on|of|with|per|before|during|between)\\s+(?:when|what|which|whom|whose|how\\s+(?:many|much|long|often|far|soon)))";
// Where a second question starts: after `?` or `;`, or after `and` / `or` / `plus` (a comma before
// it or not) when a question word or an auxiliary follows (`…under the Addendum, and how much
// notice is required`). A bare comma does not: `If we run one application, which tier applies`
// is one question after its condition.
const PART_BOUNDARY = new RegExp(`(?:\\?\\s+|;\\s+|,?\\s+(?:and|or|plus)\\s+(?:also\\s+)?)(?=${OPENING_WORD}\\b)`, 'giu');
const WORD = /[\p{L}\p{N}]+/gu;
const NUMBER = /^\p{N}/u;

/**
 * The questions a question asks, in order: `How often can a subscriber be audited, and how much
 * notice is required?` asks two (`How often can a subscriber be audited`, `how much notice is
 * required`); `When was the first report due, and what's the penalty for filing late?` two. A part
 * starts at a question word or an auxiliary that follows `?`, `;` or `and`/`or`/`plus` — so a
 * question word inside a clause (`the date when fees apply`, `fees that apply`) does not split it,
 * nor does a list (`fees for A, B and C`). A part asking nothing of its own (`asksOfItsOwn`: a
 * bare `and why?`, or `and what is it in 2025?` after `what was the seat fee in 2024`) stays with the
 * part before it. A question asking one thing is one part: `[question]`.
 */
export function splitQuestionParts(question: string): string[] {
  const text = question.trim();
  const parts: string[] = [];
  let start = 0;
  for (const boundary of text.matchAll(PART_BOUNDARY)) {
    const end = boundary.index;
    if (end <= start) continue;
    parts.push(text.slice(start, end));
    start = end + boundary[0].length;
  }
  parts.push(text.slice(start));
  const merged: string[] = [];
  for (const part of parts.map((piece) => piece.trim().replace(/[?.!\s]+$/u, ''))) {
    if (merged.length > 0 && !asksOfItsOwn(part)) merged[merged.length - 1] = `${merged[merged.length - 1]} and ${part}`;
    else if (part !== '') merged.push(part);
  }
  return merged.length < 2 ? [text] : merged;
}

/**
 * Whether a part asks something of its own: more than a bare question word (`and why?`), and more
 * than a number put to the question before it (`…in 2024, and what is it in 2025?` asks for the
 * other side of one comparison, not a second question). A question word with a word of its own
 * asks (`and since when?`, `and on what notice?`, `is it recurring?`).
 */
function asksOfItsOwn(part: string): boolean {
  const words = part.toLowerCase().match(WORD) ?? [];
  if (words.length < 2) return false;
  const content = words.filter((word) => !QUESTION_STOP_WORDS.has(word));
  return !(content.length > 0 && content.every((word) => NUMBER.test(word)));
}
