import { escapeRegExp } from '../text/index.ts';

/** A question reduced to the words retrieval should search for. */
export interface NormalisedQuestion {
  /** The kept terms joined by single spaces (`real-time display device fee cme market data`). */
  text: string;
  /** The kept terms in question order; legal phrases such as `may not` are one term. */
  terms: string[];
}

/**
 * Phrases stripped from the start of a question, repeatedly and longest first: they say how the
 * question is asked, not what it is about.
 */
const LEADING_PHRASES = [
  'i was wondering if',
  'i was wondering whether',
  'i was wondering',
  "i'm wondering",
  'i am wondering',
  'quick question',
  'please explain',
  'please tell me',
  'tell me about',
  'tell me',
  'what is',
  'what are',
  "what's",
  'whats',
  'can you',
  'could you',
  'would you',
  'you could',
  'you can',
  'you would',
  'how does',
  'how do',
  'how is',
  'explain',
  'please',
  'kindly',
  'hello',
  'hi',
  'hey',
  'ok',
  'okay',
  'so',
  'thanks',
  'thank you',
].sort((left, right) => right.length - left.length);

const LEADING_PATTERN = new RegExp(
  `^(?:${LEADING_PHRASES.map((phrase) => escapeRegExp(phrase)).join('|')})(?![\\p{L}\\p{N}'])[\\s,;:.!?-]*`,
  'u',
);

/**
 * Words that carry no subject on their own. Not here, on purpose: the legal modals `shall` and
 * `must`, number words, and `not`/`may` (dropped alone, kept in `may not`, `must not`, `shall not`).
 */
const STOP_WORDS = new Set([
  'a', 'about', 'above', 'according', 'and/or', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'done', 'during',
  'each', 'either', 'etc', 'even', 'ever', 'exactly',
  'for', 'from', 'further', 'get', 'gets', 'getting', 'give', 'given', 'go', 'going', 'got',
  'had', 'has', 'have', 'having', 'he', 'hello', 'her', 'here', 'hers', 'hey', 'hi', 'him', 'his', 'how',
  'i', "i'm", 'if', 'in', 'into', 'is', 'it', "it's", 'its', 'itself',
  'just', 'kindly', 'know', 'let', 'like', 'me', 'might', 'more', 'most', 'my', 'myself',
  'need', 'no', 'nor', 'not', 'now', 'of', 'off', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'out', 'over', 'own',
  'per', 'please', 'quite', 'really', 'regarding', 'same', 'she', 'should', 'so', 'some', 'such',
  'tell', 'than', 'thank', 'thanks', 'that', "that's", 'the', 'their', 'theirs', 'them', 'then', 'there', "there's", 'these',
  'they', 'this', 'those', 'through', 'to', 'too',
  'under', 'until', 'up', 'us', 'very', 'want', 'was', 'we', 'were', 'what', "what's", 'when', 'where', 'whether', 'which',
  'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'would', 'you', 'your', 'yours', 'yourself',
  'may', "don't", "doesn't", "isn't", "aren't", "can't",
]);

const MODALS_WITH_NOT = new Set(['may', 'must', 'shall']);

// Money, percentages, counts and numbers first, so that `$1,250.00`, `1.5%` and `4+` stay whole;
// then dotted abbreviations (`u.s.`); then words, joined by hyphens, apostrophes, `&`, `/` or dots.
const TOKEN =
  /[$€£]\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[$€£]\s?\d+(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\s?%|\+)?|\d+(?:\.\d+)?(?:\s?%|\+)?(?![\p{L}\p{N}.]|-[\p{L}\p{N}])|(?:\p{L}\.){2,}|[\p{L}\p{N}]+(?:[-'&/.][\p{L}\p{N}]+)*\+?/gu;

/**
 * Reduces a sanitised question to its retrieval terms (the prompt still shows the original): lower
 * case; leading phrases (`what is`, `can you`, `please explain`, `tell me about`, greetings…)
 * stripped repeatedly; stop words dropped. Kept: nouns and other content words, numbers, money
 * (`$134.50`), percentages, years, ordinals, `4+`, hyphenated terms (`non-display`,
 * `sub-licensee`), abbreviations (even `US` and `IT`), `shall`, `must` and the negated modals
 * `may not`, `must not`, `shall not` as one term each (`may` alone is dropped: in a question it is
 * mostly `May I…`). Possessive `'s` and surrounding punctuation are removed. The text is empty when
 * the question holds only stop words (`What is it?`); callers then search with the sanitised question.
 */
export function normaliseQuestion(text: string): NormalisedQuestion {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010\u2011\u2012\u2013]/g, '-')
    .replace(/[\u201c\u201d"«»]/g, ' ')
    .trim();
  // A question typed in capitals has no abbreviations to tell apart.
  const shouting = (cleaned.match(/\p{Lu}/gu)?.length ?? 0) > (cleaned.match(/\p{Ll}/gu)?.length ?? 0);
  const abbreviations = new Set(
    shouting ? [] : [...cleaned.matchAll(/(?<![\p{L}\p{N}])\p{Lu}{2,}(?![\p{L}\p{N}])/gu)].map((match) => match[0].toLowerCase()),
  );
  // A capital letter standing alone inside a sentence is a label (`Category A`, `(A, B, and C)`),
  // not the article; `I` is the pronoun. In a question written in Title Case (`May A Licensee…`)
  // only one after a label word is.
  const letterWords = cleaned.match(/\p{L}+/gu) ?? [];
  const titleCase = letterWords.length > 0 && letterWords.filter((word) => /^\p{Lu}/u.test(word)).length / letterWords.length > 0.6;
  for (const match of cleaned.matchAll(/(?<![\p{L}\p{N}'])\p{Lu}(?![\p{L}\p{N}'])/gu)) {
    const before = cleaned.slice(0, match.index).trimEnd();
    const startsSentence = before === '' || /[.!?:]$/u.test(before);
    const afterLabel = /\b(?:category|categories|schedule|appendix|exhibit|section|tier|level|part|annex|class|type)$/iu.test(before);
    if (match[0] !== 'I' && !startsSentence && (!titleCase || afterLabel)) abbreviations.add(match[0].toLowerCase());
  }
  let lower = cleaned.toLowerCase();
  for (let previous = ''; previous !== lower; ) {
    previous = lower;
    lower = lower.replace(LEADING_PATTERN, '');
  }
  const words = [...lower.matchAll(TOKEN)].map((match) => cleanToken(match[0])).filter((word) => word.length > 0);
  const terms: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (MODALS_WITH_NOT.has(word) && words[index + 1] === 'not') {
      terms.push(`${word} not`);
      index += 1;
    } else if (!STOP_WORDS.has(word) || abbreviations.has(word)) {
      terms.push(word);
    }
  }
  return { text: terms.join(' '), terms };
}

function cleanToken(token: string): string {
  return token
    .replace(/\s+/g, '')
    .replace(/'s$/u, '')
    .replace(/'$/u, '');
}
