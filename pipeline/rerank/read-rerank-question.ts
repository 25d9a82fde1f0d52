import { mayHoldPhrase, normalizeForMatching, stem } from '../text/index.ts';
import { QUESTION_STOP_WORDS, casingMarksNames, isEnglishWord } from '../question/index.ts';
import type { TermStatistics } from './term-statistics.ts';
import { wordStems } from './term-statistics.ts';
import { rememberReadings } from '../question/remember-readings.ts';

/** What the question asks for, as far as a value type tells: the learned reranker's type-match features read it. */
export type AskedType = 'amount' | 'date' | 'duration' | 'percentage' | 'definition' | 'party' | 'none';

/** One content term of the question with its weight (inverse document frequency over the source). */
export interface ReadTerm {
  stem: string;
  /** IDF over the source's chunks; a term the source never uses gets the highest weight seen. */
  weight: number;
  /** A capitalised name, an acronym or a number the question writes: specific, not a common word. */
  specific: boolean;
  /**
   * A specific term few documents hold (at most a tenth of them, and at least one): it names which
   * document is meant (a party, a product, an agreement's title) rather than what is asked in it.
   */
  namesDocument: boolean;
}

/**
 * The learned reranker's reading of a question: its weighted content terms, adjacent term pairs,
 * the years it names, what kind of answer it asks for and, for a definition question, the subject.
 */
export interface RerankQuestion {
  terms: ReadTerm[];
  /** Adjacent content-term pairs (`stem stem`), for phrase features. */
  pairs: string[];
  years: string[];
  asked: AskedType;
  /** The defined term a definition question asks about, as lowercase words; empty otherwise. */
  subject: string[];
  totalWeight: number;
}

const STOP_WORDS = QUESTION_STOP_WORDS;

const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)/g;

/**
 * How many documents may hold a term that names one of them: a tenth of the source's documents.
 * Below ten documents no term sets a document apart (0: nothing names a document).
 */
export function namingLimit(documentCount: number): number {
  return Math.floor(documentCount / 10);
}

/**
 * Reads a question once for the learned reranker. The asked type comes from how the question opens
 * (`how much`, `when`, `how long`, `what percentage`, `what does X mean`, `who`) and from the noun it
 * asks about (`fee`, `royalty`, `date`, `period`); everything else is `none`.
 */
export function readRerankQuestion(question: string, statistics: TermStatistics, expansions: readonly { pattern: string; expansion: string }[] = []): RerankQuestion {
  return rememberedReadings(question, statistics, expansions);
}

// A question is read again whenever it is asked again (a what-if replays each case once per value).
const rememberedReadings = rememberReadings((question: string, statistics: TermStatistics, expansions: readonly { pattern: string; expansion: string }[]) =>
  readQuestion(question, statistics, expansions),
);

function readQuestion(question: string, statistics: TermStatistics, expansions: readonly { pattern: string; expansion: string }[]): RerankQuestion {
  // An abbreviation the expansion rules spell out (`RT` → `real time`) is read with its expansion beside it.
  const expanded = expansions
    .filter((rule) => mayHoldPhrase(question, rule.pattern) && new RegExp(`(?<![\\p{L}\\p{N}])${rule.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(question))
    .map((rule) => rule.expansion);
  const normalized = normalizeForMatching([question, ...expanded].join(' '));
  const written = [question, ...expanded].join(' ').normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}'.,&-]*/gu) ?? [];
  const specificStems = new Set<string>();
  // A question written in Title Case or capitals marks no names by its casing (most of its words
  // are capitalised): then a capitalised word is a name only when it is no English word (`Tianying`,
  // `BioPharma`, not `Licence` or `Notice`).
  const casingMarksNothing = !casingMarksNames(written);
  written.forEach((word, position) => {
    const clean = word.replace(/[.,'-]+$/, '');
    const isAcronym = /^\p{Lu}[\p{Lu}\p{N}&]+$/u.test(clean);
    // The first word is capitalised whatever it is: it is a name when it is no English word, no stem of
    // it is a function word (`Whats`), and the source's documents write it (`Quillorchard franchise:
    // what royalty…`; not a misspelt `Waht is…`).
    const isName = /^\p{Lu}\p{Ll}/u.test(clean) && (position > 0 || (!isEnglishWord(clean.toLowerCase()) && [...wordStems(clean)].every((part) => !STOP_WORDS.has(part)) && [...wordStems(clean)].some((part) => statistics.documentsHolding(part) > 0)));
    const isNumber = /\p{N}/u.test(clean);
    const marked = (isAcronym || isName) && (!casingMarksNothing || !isEnglishWord(clean.toLowerCase()));
    if (marked || isNumber) for (const part of wordStems(clean)) specificStems.add(part);
  });
  const terms: ReadTerm[] = [];
  const seen = new Set<string>();
  const sequence: string[] = [];
  for (const word of normalized.match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []) {
    if (STOP_WORDS.has(word)) {
      sequence.push('');
      continue;
    }
    const wordStem = stem(word.replace(/,/g, ''));
    sequence.push(wordStem);
    if (seen.has(wordStem)) continue;
    seen.add(wordStem);
    const documents = statistics.documentsHolding(wordStem);
    const namesDocument = specificStems.has(wordStem) && documents > 0 && documents <= namingLimit(statistics.documentCount);
    terms.push({ stem: wordStem, weight: statistics.weightOf(wordStem), specific: specificStems.has(wordStem), namesDocument });
  }
  const pairs: string[] = [];
  for (let index = 1; index < sequence.length; index += 1) {
    const left = sequence[index - 1]!;
    const right = sequence[index]!;
    if (left !== '' && right !== '') pairs.push(`${left} ${right}`);
  }
  const asked = readAskedType(normalized);
  return {
    terms,
    pairs,
    years: [...new Set(question.match(YEAR) ?? [])],
    asked,
    subject: asked === 'definition' ? readSubject(normalized) : [],
    totalWeight: terms.reduce((sum, term) => sum + term.weight, 0),
  };
}

const AMOUNT_NOUNS = /\b(?:fees?|costs?|prices?|charges?|rates?|royalt(?:y|ies)|payments?|amounts?|sums?|minimums?|caps?|surcharges?|deposits?|compensation|consideration|penalt(?:y|ies))\b/;

function readAskedType(normalized: string): AskedType {
  if (/\bhow\s+long\b|\bhow\s+many\s+(?:calendar\s+|business\s+)?(?:minutes|hours|days|weeks|months|years)\b|\bhow\s+much\s+(?:advance\s+|prior\s+)?(?:notice|time)\b|\b(?:notice|cure|grace|retention|initial|renewal)\s+(?:period|term)\b|\bwithin\s+what\s+(?:period|time)\b/.test(normalized)) {
    return 'duration';
  }
  if (/\b(?:what|which)\s+(?:percentage|percent|share|proportion)\b|\bwhat\s+%/.test(normalized)) return 'percentage';
  if (/^(?:since\s+|from\s+|until\s+)?when\b|\b(?:what|which)\s+(?:date|day|month|year)\b|\bby\s+when\b|\bdeadline\b|\b(?:effective|due|start|end|expiry|expiration|termination)\s+date\b/.test(normalized)) {
    return 'date';
  }
  if (/\bhow\s+much\b/.test(normalized)) return 'amount';
  if (/^(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?:[\p{L}\p{N}-]+\s+){0,4}?(?:fees?|costs?|prices?|charges?|royalt(?:y|ies)|rates?|payments?|amounts?|minimums?)\b/u.test(normalized)) return 'amount';
  if (readSubject(normalized).length > 0) return 'definition';
  if (/^(?:who|which\s+(?:party|company|entity|parties))\b/.test(normalized)) return 'party';
  if (AMOUNT_NOUNS.test(normalized) || /\bcost\b|\bhow\s+much\b|\bpay\b/.test(normalized)) return 'amount';
  return 'none';
}

const SUBJECT_PATTERNS = [
  /^(?:what|who)\s+(?:is|are)\s+(?:meant\s+by\s+)?(?:an?\s+|the\s+)?["']?([\p{L}\p{N}' -]{2,60}?)["']?\s*\??$/u,
  /\b(?:definition|meaning)\s+of\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?["']?([\p{L}\p{N}' -]{2,60}?)["']?(?:\s+(?:in|under|according)\b.*)?\s*\??$/u,
  /^what\s+does\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?["']?([\p{L}\p{N}' -]{2,60}?)["']?\s+mean\b/u,
  /^how\s+(?:is|are)\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?["']?([\p{L}\p{N}' -]{2,60}?)["']?\s+defined\b/u,
  /^define\s+(?:the\s+term\s+)?(?:an?\s+|the\s+)?["']?([\p{L}\p{N}' -]{2,60}?)["']?\s*\??$/u,
];

// Where a definition question's subject ends: `what is a Subscriber according to the licence terms`.
const SUBJECT_END = /\s+(?:according\s+to|in|under|within|for|per|as\s+used|as\s+defined|between|when|with|from|by|of\s+the|in\s+the)\s+.*$/;

function readSubject(normalized: string): string[] {
  const clause = normalized.split(/[,;:]\s+/).at(-1) ?? normalized;
  for (const text of [normalized, clause]) {
    for (const pattern of SUBJECT_PATTERNS) {
      const subject = pattern.exec(text.trim())?.[1];
      if (subject === undefined) continue;
      const bare = subject.replace(SUBJECT_END, '');
      const words = bare.split(/\s+/).filter((word) => word.length > 0 && !STOP_WORDS.has(word));
      if (words.length > 0 && words.length <= 5 && !AMOUNT_NOUNS.test(words.join(' '))) return words;
    }
  }
  return [];
}
