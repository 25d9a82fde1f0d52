import type { SeededRandom } from './create-seeded-random.ts';
import { findProtectedSpans } from './find-protected-spans.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/** Prepositions whose phrase may move to the front of a question (`for Y`, `under the ILA`, `in 2025`). */
const MOVABLE_PREPOSITIONS = new Set(['for', 'under', 'in', 'on', 'during', 'within']);

// Words that open a question; a head that does not start with one would not read as a question.
const QUESTION_OPENERS = new Set([
  'what', 'how', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why',
  'is', 'are', 'was', 'were', 'does', 'do', 'did', 'can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', 'has', 'have',
]);

// A clause inside the head or the phrase: moving a phrase across it can change what it attaches to.
const CLAUSE_WORDS = new Set(['if', 'when', 'whether', 'that', 'which', 'who', 'whom', 'because', 'unless', 'while', 'where', 'and', 'or', 'but']);

// `in writing`, `for example`, `in advance`… are parts of the verb phrase, not a topic to front.
const FIXED_PHRASE_STARTS = new Set([
  'example', 'instance', 'writing', 'advance', 'time', 'full', 'order', 'addition', 'particular', 'general', 'case', 'respect',
  'accordance', 'relation', 'lieu', 'connection', 'place', 'effect', 'force', 'behalf', 'turn', 'practice', 'fact', 'total', 'part',
  // Legal phrases that belong to their verb: termination for convenience, for cause, for breach.
  'convenience', 'cause', 'breach', 'default',
]);

// A phrase opening with a pronoun would come before what the pronoun stands for (`On its website, can a licensee…`).
const PRONOUNS = new Set(['its', 'it', 'their', 'them', 'they', 'his', 'her', 'him', 'this', 'that', 'these', 'those']);

// Words a head may not end with: the fronted phrase would leave a dangling verb or article.
const WEAK_ENDINGS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'does', 'do', 'did', 'a', 'an', 'the', 'to', 'of', 'it', 'there']);

// Scale and number words that end an amount (`$10 billion`, `two thousand`).
const NUMBER_WORDS = new Set(['thousand', 'million', 'billion', 'trillion', 'bn', 'mm', 'hundred', 'percent', 'one', 'two', 'three', 'four', 'five', 'ten']);

type Reordering = 'phrase fronted' | 'phrase moved to the end' | 'topic fronted';

/**
 * Reorders `question` without changing what it asks:
 * - a trailing prepositional phrase moves to the front (`What is the fee for CME market data?` →
 *   `For CME market data, what is the fee?`), only when it is short, has no clause of its own, is
 *   not a fixed phrase (`in writing`, `for convenience`), does not open with a pronoun, does not
 *   follow an amount, and leaves a head that still reads as a question;
 * - a fronted phrase moves to the end (`Under the ILA, can a Licensee…?` → `Can a Licensee… under
 *   the ILA?`);
 * - the topic of `What is X?` / `What are X?` / `What does X mean?` is fronted (`X — what is it?`).
 * One applicable reordering is chosen at random; `undefined` when none applies.
 */
export function applyWordOrder(question: string, random: SeededRandom): PerturbationEdit | undefined {
  const trimmed = question.trim();
  const ending = /[?.!]+$/u.exec(trimmed)?.[0] ?? '';
  const body = trimmed.slice(0, trimmed.length - ending.length).trim();
  const mark = ending === '' ? '' : '?';
  const options: { reordering: Reordering; question: string }[] = [];
  const fronted = frontTrailingPhrase(body);
  if (fronted !== undefined) options.push({ reordering: 'phrase fronted', question: fronted + mark });
  const moved = moveLeadingPhrase(body);
  if (moved !== undefined) options.push({ reordering: 'phrase moved to the end', question: moved + mark });
  if (fronted === undefined && moved === undefined) {
    const topic = frontTopic(body);
    if (topic !== undefined) options.push({ reordering: 'topic fronted', question: topic + mark });
  }
  const choice = random.pick(options);
  if (choice === undefined || choice.question === trimmed) return undefined;
  return { question: choice.question, note: choice.reordering };
}

function frontTrailingPhrase(body: string): string | undefined {
  if (body.includes(',') || body.includes(';')) return undefined;
  const words = body.split(/\s+/u);
  const bare = words.map((word) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  if (!QUESTION_OPENERS.has(bare[0] ?? '')) return undefined;
  for (let index = 3; index < words.length - 1; index += 1) {
    if (!MOVABLE_PREPOSITIONS.has(bare[index]!)) continue;
    const head = bare.slice(0, index);
    const phrase = bare.slice(index + 1);
    if (phrase.length > 10 || FIXED_PHRASE_STARTS.has(phrase[0]!) || PRONOUNS.has(phrase[0]!)) continue;
    if (head.slice(1).some((word) => CLAUSE_WORDS.has(word)) || phrase.some((word) => CLAUSE_WORDS.has(word))) return undefined;
    if (WEAK_ENDINGS.has(head.at(-1)!)) continue;
    // `with over $10 billion in assets`: a phrase after an amount belongs to the amount.
    if (/\d/u.test(words[index - 1]!) || NUMBER_WORDS.has(head.at(-1)!)) continue;
    const headText = words.slice(0, index).join(' ');
    const phraseText = words.slice(index).join(' ');
    return `${upperFirstLetter(phraseText)}, ${lowerFirstWord(headText)}`;
  }
  return undefined;
}

function moveLeadingPhrase(body: string): string | undefined {
  const match = /^(for|under|in|on|during|within|according to)\s+([^,]{3,80}),\s+(.+)$/iu.exec(body);
  if (match === null) return undefined;
  const rest = match[3]!;
  const firstWord = /^\p{L}+/u.exec(rest)?.[0]?.toLowerCase() ?? '';
  if (!QUESTION_OPENERS.has(firstWord)) return undefined;
  return `${upperFirstLetter(rest)} ${lowerFirstWord(`${match[1]} ${match[2]}`)}`;
}

function frontTopic(body: string): string | undefined {
  const meaning = /^what\s+(does|do)\s+(.{2,80})\s+mean$/iu.exec(body);
  if (meaning !== null) return `${upperFirstLetter(meaning[2]!)} — what ${meaning[1]!.toLowerCase()} ${meaning[1]!.toLowerCase() === 'do' ? 'they' : 'it'} mean`;
  const identity = /^what\s+(is|are)\s+(.{2,80})$/iu.exec(body);
  if (identity === null) return undefined;
  const topic = identity[2]!;
  // `What is required…`, `What is the fee for…` with a verb or a clause in it do not front cleanly.
  if (/\b(?:if|when|that|which|who|whether|required|needed|included|allowed|permitted|charged|used|due|the\s+difference|according|under|for|in|per|on|during|within)\b/iu.test(topic)) return undefined;
  const verb = identity[1]!.toLowerCase();
  return `${upperFirstLetter(topic)} — what ${verb} ${verb === 'are' ? 'they' : 'it'}`;
}

function upperFirstLetter(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The head loses its capital unless its first word is an acronym, a name or a number (`CME`, `I`).
function lowerFirstWord(text: string): string {
  if (/^I\b/u.test(text) || findProtectedSpans(text).some((span) => span.start === 0)) return text;
  if (/^\p{Lu}\p{Ll}/u.test(text) && QUESTION_OPENERS.has(/^\p{L}+/u.exec(text)?.[0]?.toLowerCase() ?? '') === false && !/^(?:For|Under|In|On|During|Within|According)\b/u.test(text)) {
    return text;
  }
  return text.charAt(0).toLowerCase() + text.slice(1);
}
