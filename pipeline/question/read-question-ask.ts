import { escapeRegExp } from '../text/index.ts';
import { combineAskReadings, isLearnedAskKind, predictAskKind, shippedAskWeights } from './ask-weights.ts';
import { EMPTY_LEXICON } from './read-source-lexicon.ts';
import type { QuestionAsk } from './question-profile.ts';
import { LEXICAL_STOP_WORDS } from './question-stop-words.ts';
import type { SourceLexicon } from './read-source-lexicon.ts';

/** Words that ask for an amount when they head the question's noun phrase. */
export const AMOUNT_WORDS = new Set([
  'fee', 'fees', 'cost', 'costs', 'price', 'prices', 'pricing', 'charge', 'charges', 'rate', 'rates', 'amount', 'amounts',
  'cap', 'caps', 'maximum', 'minimum', 'payment', 'payments', 'surcharge', 'surcharges', 'tariff', 'tariffs',
  'advance', 'advances', 'discount', 'discounts', 'deposit', 'deposits',
]);

/** Words that ask for a percentage when they head the question's noun phrase (`the agent's percentage`). */
const PERCENTAGE_WORDS = new Set(['percentage', 'percentages', 'percent', 'proportion']);

/**
 * How a question asks for a percentage: `what` or `which` followed by `percentage`, `percent`,
 * `share` or `proportion`, or by one or two words and then `percentage` or `percent`.
 */
export const PERCENTAGE_ASK = /\b(?:what|which)\s+(?:percentage|percent|share|proportion)\b|\b(?:what|which)\s+(?:[\p{L}-]+\s+){1,2}(?:percentage|percent)\b/u;

// Words that end the question's leading noun phrase.
const PHRASE_BOUNDARIES = new Set([
  'for', 'of', 'to', 'in', 'on', 'at', 'by', 'with', 'from', 'under', 'between', 'according', 'that', 'which', 'when',
  'if', 'and', 'or', 'as', 'per', 'during', 'within', 'without', 'regarding', 'about', 'after', 'before', 'since', 'than',
]);

// Auxiliary verbs end a `what` question's leading noun phrase once it has begun (`what royalty rate does the licensee pay`).
const PHRASE_VERBS = new Set([
  'does', 'do', 'did', 'is', 'are', 'was', 'were', 'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must',
  'has', 'have', 'had',
]);

const ARTICLES = new Set(['the', 'a', 'an']);

// Words that open a clause saying where or on what condition: `in the X agreement, …`, `if the buyer
// leaves, …`, `when the term ends, …`.
const SETTING_WORDS = new Set(['in', 'under', 'for', 'per', 'according', 'within', 'regarding', 'during', 'after', 'before', 'on', 'at', 'by', 'with', 'from', 'if', 'when']);

// Words skipped at the start of a question before its leading noun phrase.
const LEADING_WORDS = new Set([
  'what', 'which', 'is', 'are', 'was', 'were', 'the', 'a', 'an', 'there', 'do', 'does', 'did', 'tell', 'me', 'us', 'list',
  'give', 'show', 'please', 'current', 'currently', 'applicable', "what's",
]);

/**
 * What the question asks for (see `QuestionAsk`): read from its wording and the head of its leading
 * noun phrase (`readAskByRules`); when those read none, the kind the learned reading gives with at
 * least its fitted probability (`AskWeights`: `how soon after notice can the licensor terminate` asks a duration,
 * `what minimum guarantee is owed` an amount); when they read a value the learned reading gives
 * another with at least its fitted override probability, that one (a question headed by `rate`
 * reads an amount by its rules; the learned reading may hear a percentage).
 */
export function detectAsk(normalized: string, lexicon: SourceLexicon): QuestionAsk {
  return readAsk(normalized, lexicon).ask;
}

/**
 * `detectAsk`, and whether an amount asked is asked as a share too: the learned reading hears a
 * percentage at its fitted threshold, below the override that would make it the ask (`what rebate
 * rate do resellers earn`: the rules read an amount by `rate`; the answer is a share such as `4.5%`
 * as often as money).
 */
export function readAsk(normalized: string, lexicon: SourceLexicon): { ask: QuestionAsk; shareToo: boolean } {
  const ruled = readAskByRules(normalized, lexicon);
  // A kind the learned reading never gives (`how often`: a frequency) stands without asking it.
  if (ruled !== 'none' && !isLearnedAskKind(ruled)) return { ask: ruled, shareToo: false };
  const weights = shippedAskWeights();
  const predicted = predictAskKind(weights, normalized);
  const ask = combineAskReadings(ruled, predicted, weights);
  return { ask, shareToo: ask === 'amount' && predicted.kind === 'percentage' && predicted.probability >= weights.threshold };
}

/** What the question asks for by its wording's rules alone: `how long` a duration, `by when` a date, `how much` an amount, …. */
export function readAskByRules(normalized: string, lexicon: SourceLexicon = EMPTY_LEXICON): QuestionAsk {
  if (
    /\bhow\s+long\b|\bhow\s+many\s+(?:calendar\s+|business\s+)?(?:minutes|hours|days|weeks|months|years)\b|\bhow\s+much\s+(?:advance\s+|prior\s+)?(?:notice|notification|time)\b|\bretention\s+period\b|\bwithin\s+what\s+(?:period|time|timeframe|time\s+frame)\b|\bhow\s+far\s+back\b/.test(
      normalized,
    )
  ) {
    return 'duration';
  }
  if (
    /^(?:since\s+|from\s+|until\s+)?when\b(?![^,?]*,\s*(?:what|which|how|who|where|is|are|does|do|did|must|can|may|should|will)\b)(?!.*\b(?:appl(?:y|ies)|counts?\s+as|qualif(?:y|ies)\s+as)\b)|\b(?:what|which)\s+(?:date|day|month|year)s?\b|\bby\s+when\b|\bdeadlines?\b|\b(?:effective|due|start|end|expiry|expiration|termination)\s+dates?\b/.test(
      normalized,
    )
  ) {
    return 'date';
  }
  if (/\bhow\s+(?:often|frequently)\b|\b(?:what|which)\s+(?:reporting\s+)?frequency\b/.test(normalized)) return 'frequency';
  if (PERCENTAGE_ASK.test(normalized)) return 'percentage';
  if (/\bhow\s+much\b/.test(normalized) || /\b(?:cost|costs|charged?|pay|paid)\s*\??$/.test(normalized)) return 'amount';
  // `how large is the advance`, `how big is the fee discount`: the size of an amount is the amount.
  const sized = /^how\s+(?:large|big|high|small|low)\s+(?:is|are|was|were|will\s+be)\s+(.+)$/.exec(normalized)?.[1];
  const head = sized === undefined ? leadingPhraseHead(normalized, lexicon) : leadingPhraseHead(sized, lexicon, true);
  if (head !== undefined && AMOUNT_WORDS.has(head)) return 'amount';
  if (head !== undefined && PERCENTAGE_WORDS.has(head)) return 'percentage';
  return 'none';
}

/**
 * The last word of the question's leading noun phrase (`what are the device fee waiver policies` →
 * `policies`), not counting trailing years and generic words (`delayed wallboard fee 2026` → `fee`).
 */
function leadingPhraseHead(normalized: string, lexicon: SourceLexicon, sized = false): string | undefined {
  // The leading phrase ends at a dash, colon, semicolon or comma (`the 2026 historical data distribution fees — what are they`).
  // A clause that opens with a preposition or a condition (`in the X licence, what royalty…`, `if
  // the licensee terminates, what fee…`) says where or when; the question's phrase follows it.
  const segments = normalized.split(/\s[-\u2013\u2014]\s|[:;,]/u).map(wordsOf).filter((words) => words.length > 0);
  let at = 0;
  while (at + 1 < segments.length && SETTING_WORDS.has(segments[at]![0]!)) at += 1;
  const words = segments[at] ?? [];
  let index = 0;
  // `what royalty rate does the licensee pay` asks a rate; `which fees does it apply` asks which.
  const endsAtVerb = words[0] === 'what';
  while (index < words.length && LEADING_WORDS.has(words[index]!)) index += 1;
  let head: string | undefined;
  for (; index < words.length; index += 1) {
    const word = words[index]!;
    // …and, after `how large is`, a second article opens a clause about it (`the advance the licensee pays`).
    if (PHRASE_BOUNDARIES.has(word) || (head !== undefined && ((sized && ARTICLES.has(word)) || (endsAtVerb && PHRASE_VERBS.has(word))))) break;
    // A keyword query names the year and the exchange after its head noun (`RT device fee 2025 CME`).
    if (head !== undefined && (/^(?:19|20)\d{2}$/.test(word) || lexicon.genericWords.has(word))) continue;
    head = word;
  }
  if (head === undefined) return undefined;
  const parts = head.split('-');
  return parts[parts.length - 1];
}

function wordsOf(phrase: string): string[] {
  return phrase.split(/[^\p{L}\p{N}'+-]+/u).filter((word) => word.length > 0);
}

const SUBJECT_PATTERNS = [
  /^who\s+(?:is|are)\s+(?:part|a\s+member|members)\s+of\s+(?:an?\s+|the\s+)?(.+)$/,
  /^(?:what|who)\s+(?:exactly\s+)?(?:is|are)\s+(?:meant\s+by\s+)?(?:an?\s+|the\s+)?(.+)$/,
  /^how\s+(?:does|do|did)\s+.+?\s+define\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?(.+)$/,
  /^(?:what|who|which)(?:\s+\w+)?\s+(?:counts?|qualif(?:y|ies)|(?:is|are)\s+considered)\s+as\s+(?:an?\s+|the\s+)?(.+)$/,
  /^(?:when|how)\s+(?:does|do|is|are)\s+.+?\s+(?:count|qualify)\s+as\s+(?:an?\s+|the\s+)?(.+)$/,
  /^(?:the\s+)?(.+?)\s+(?:definition|meaning)$/,
  /^(?:what|who)'s\s+(?:an?\s+|the\s+)?(.+)$/,
  /^(?:please\s+)?define\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?(.+)$/,
  /\b(?:definition|meaning)\s+of\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?(.+)$/,
  /^what\s+does\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?(.+?)\s+mean\b/,
  /^how\s+(?:is|are)\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?(.+?)\s+defined\b/,
  // What a named term is made of is what it means: `which countries make up the X territory`,
  // `what does X include`.
  /^(?:what|which)\s+(?:[\p{L}-]+\s+){0,3}?(?:make|makes)\s+up\s+(?:an?\s+|the\s+)?(.+)$/u,
  /^what\s+(?:does|do)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:include|comprise|consist\s+of|encompass)$/,
];

/** Whether the question asks what a named term is made of (`which countries make up T`, `what does T include`). */
export function asksMembers(question: string): boolean {
  return MEMBER_PATTERNS.some((pattern) => pattern.test(question.toLowerCase().trim()));
}

const MEMBER_PATTERNS = [/\b(?:what|which)\s+(?:[\p{L}-]+\s+){0,3}?(?:make|makes)\s+up\b/u, /\bwhat\s+(?:does|do)\s+.+?\s+(?:include|comprise|consist\s+of|encompass)\b/];

const SUBJECT_END = /\s+(?:according\s+to|in|under|within|for|per|as\s+used|as\s+defined|between|when|and|with|from|by)\s+.*$|\s*[,;:(?].*$/;

/** The term a definition question asks about, as lowercase words; undefined when it is not one. */
export function definitionSubject(normalized: string): string[] | undefined {
  const question = normalized.replace(/[?.!\s]+$/, '');
  // `a licensee wallboard — what is it`: the subject comes first and the question refers back to it.
  const referred = /^(?:an?\s+|the\s+)?(.{3,60}?)\s+[-\u2014]\s+what\s+(?:is|are)\s+(?:it|they|that)$/.exec(question);
  // …unless it names an amount (`the 2026 historical data distribution fees — what are they`).
  if (referred?.[1]) return AMOUNT_WORDS.has(referred[1].split(/\s+/).at(-1) ?? '') ? undefined : subjectWords(referred[1]);
  // `in the ila schedule 2, what is an application`: the question is the last clause.
  // …or begins at its last question word when no comma sets it apart (`under the term sofr schedule 7
  // amendments what uses count as …`).
  const opening = [...question.matchAll(/\b(?:what|who|which|how)\b/g)].at(-1)?.index;
  const clauses = [question, question.split(/[,:;]\s+/).at(-1) ?? question, ...(opening !== undefined && opening > 0 ? [question.slice(opening)] : [])];
  for (const clause of clauses) {
    for (const pattern of SUBJECT_PATTERNS) {
      const match = pattern.exec(clause);
      if (!match?.[1]) continue;
      return subjectWords(match[1].replace(SUBJECT_END, ''));
    }
  }
  return undefined;
}

/** True when every word of `subject` of three letters or more is capitalised where the question writes it (`Last Trade Price`). */
export function isCapitalisedTerm(question: string, subject: readonly string[]): boolean {
  const words = subject.filter((word) => word.length >= 3);
  if (words.length < 2) return false;
  const pattern = new RegExp(words.map((word) => escapeRegExp(word)).join('[\\s-]+'), 'i');
  const written = pattern.exec(question.normalize('NFKC'))?.[0];
  return written !== undefined && (written.match(/\p{L}+/gu) ?? []).filter((word) => word.length >= 3).every((word) => /^\p{Lu}/u.test(word));
}

function subjectWords(text: string): string[] | undefined {
  const parts = text.replace(/^["']|["']$/g, '').trim().split(/\s+/).filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > 5) return undefined;
  if (parts.every((part) => LEXICAL_STOP_WORDS.has(part))) return undefined;
  return parts;
}
