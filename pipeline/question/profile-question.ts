import { LABEL_WORDS, normalizeForMatching, stem, wordsOf } from '../text/index.ts';
import { findSpelledOutAbbreviations, framingLength } from './find-question-framing.ts';
import type { ProfileTerm, QuestionProfile } from './question-profile.ts';
import { LEXICAL_STOP_WORDS } from './question-stop-words.ts';
import { AMOUNT_WORDS, definitionSubject, isCapitalisedTerm, readAsk } from './read-question-ask.ts';
import { exchangesNamedBy, lexiconOf } from './read-source-lexicon.ts';
import { findCoordinatedWords } from './find-coordinated-words.ts';
import type { OfflineLexicalOptions } from './read-source-lexicon.ts';

const GENERIC_WEIGHT = 0.25;

// Words that frame what kind of answer is wanted (`the X requirements`, `the Y policies`) and that
// the answering text seldom repeats: they count half, and never as specific terms.
const FRAME_WORDS = new Set(
  (
    'requirement requirements policy policies rule rules condition conditions provision provisions obligation obligations ' +
    'criteria criterion mechanism mechanisms process procedure procedures detail details option options type types kind kinds ' +
    'overview purpose purposes role structure difference differences compare comparison'
  ).split(' '),
);

const FRAME_WEIGHT = 0.5;

const COORDINATING = new Set(['and', 'or', 'nor']);

// Words that name the payment itself: a line with a money amount counts as naming them.
const PAYMENT_STEMS = new Set(
  ['fee', 'cost', 'price', 'pricing', 'charge', 'amount', 'payment', 'surcharge', 'tariff', 'rate'].map(stem),
);

// A label word in the plural before a list of two or more codes, in parentheses or not: `categories (a, b, and c)`.
const LABEL_LIST = /\b(categories|schedules|appendices|exhibits|sections|tiers|levels|types|classes)\s+\(?((?:[a-z0-9]{1,3}\s*(?:,|\band\b|\bor\b|&)\s*)+(?:and\s+|or\s+)?[a-z0-9]{1,3})\)?(?![\p{L}\p{N}])/gu;

/**
 * Reduces a question to its content terms, phrases and ask. Stop words, question words and request
 * verbs are dropped; hyphenated words split (`real-time` → `real`, `time`); a short token after a
 * label word is kept with it (`category a`). The ask: `amount` when the question's leading noun
 * phrase ends in a word such as `fee`, `cost` or `price` (or it says `how much`), `date` for `when` /
 * `what date` / `deadline`, `duration` for `how long`, `definition` for `what is X` / `define X` /
 * `meaning of X` / `what does X mean` / `how is X defined` with a subject of at most five words.
 */
export function profileQuestion(question: string, options: OfflineLexicalOptions = {}): QuestionProfile {
  const lexicon = lexiconOf(options);
  // `GME (Gulf Mercantile Exchange)`: the parenthesis spells out the abbreviation; it is the same term.
  const spelledOut = findSpelledOutAbbreviations(question);
  const normalized = normalizeForMatching(spelledOut.question).trim();
  const words = wordsOf(normalized);
  const terms: ProfileTerm[] = [];
  const phrases: string[][] = [];
  const byStems = new Map<string, ProfileTerm>();
  /** Adds the term unless its stems are there already; returns the term now in the profile. */
  const addTerm = (stems: string[], display: string, weight: number, framing = false): ProfileTerm => {
    const key = stems.join(' ');
    const known = byStems.get(key);
    if (known !== undefined) return known;
    const term: ProfileTerm = { display, stems, weight, satisfiedByAmount: stems.length === 1 && PAYMENT_STEMS.has(stems[0]!) };
    if (framing) term.framing = true;
    byStems.set(key, term);
    terms.push(term);
    return term;
  };
  const addPhrase = (stems: string[]) => {
    if (stems.length < 2 || phrases.some((phrase) => phrase.join(' ') === stems.join(' '))) return;
    phrases.push(stems);
  };

  const framing = framingLength(normalized);
  const framingWords = wordsOf(normalized.slice(0, framing)).length;
  // What the question asks for is read from the question itself, after any framing.
  // …after a request to answer it (`could you tell me: what were…`).
  const asked = normalized.slice(framing).replace(/^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:tell|let|explain|confirm|check|say)\b[^:?,]*[:,]\s*/, '');
  // Framing followed by a request to answer (`for our compliance review, could you tell me:`) is
  // only who asks and why: its words are left out altogether.
  // So is framing that reports a request (`our ops team asked me this:`, `my manager wants to know:`).
  const reportedRequest = /\b(?:asked|asks|asking|ask)\s+(?:me|us)(?:\s+(?:this|that|the\s+following))?\s*[:,.!-]?$|\b(?:wants?|needs?|would\s+like)\s+to\s+know\s*[:,.!-]?$/.test(normalized.slice(0, framing).trim());
  const requested = asked.length < normalized.length - framing || reportedRequest;
  // `what language must reports be submitted in`: the noun after `what` or `which` names the kind of
  // answer (`English`), which the answering text need not repeat; it counts like a framing word.
  // Only a noun standing alone before the verb (`what language must`, not `what notice period applies`).
  const typedPhrase = /^(?:what|which)\s+([\p{L}-]+)\s+([\p{L}']+)/u.exec(asked);
  // A noun set beside another (`what gold and silver rates`) names one of the things asked for, not the kind of answer.
  const typed = typedPhrase !== null && LEXICAL_STOP_WORDS.has(typedPhrase[2]!) && !COORDINATING.has(typedPhrase[2]!) ? typedPhrase[1] : undefined;
  const answerType = typed !== undefined && !LEXICAL_STOP_WORDS.has(typed) && !AMOUNT_WORDS.has(typed) && !lexicon.genericWords.has(typed) ? typed : undefined;
  let previousContent: string | undefined;
  words.forEach((word, index) => {
    const isFraming = index < framingWords;
    if (isFraming && requested) return;
    const previous = words[index - 1];
    // A label's code is a letter (`a`, `a1`), a number (`2`, `1a`) or a roman numeral, never a word (`part of`).
    const isLabel = previous !== undefined && LABEL_WORDS.has(previous) && /^(?:\p{L}\p{N}{0,2}|\p{N}{1,3}\p{L}?|[ivx]{2,4})$/u.test(word);
    if (isLabel) {
      const label = [stem(previous), word];
      if (LEXICAL_STOP_WORDS.has(word)) addTerm(label, `${previous} ${word}`, 1);
      addPhrase(label);
    }
    // `how far back` asks for a duration: its words are the ask, not terms; so is the verb of `take
    // effect` (its `effect` is what an `effective` date answers).
    const askWord =
      (word === 'back' && previous === 'far') ||
      (/^(?:take|takes|took|taken)$/.test(word) && /^(?:effect|force)$/.test(words[index + 1] ?? '')) ||
      // `who is part of X`, `who are members of X` ask for the members of X.
      (/^(?:part|member|members)$/.test(word) && words[index + 1] === 'of' && /^(?:is|are|a)$/.test(previous ?? '')) ||
      // `which countries make up X` asks what X is made of.
      (/^(?:make|makes)$/.test(word) && words[index + 1] === 'up') ||
      (word === 'up' && /^(?:make|makes)$/.test(previous ?? ''));
    if (askWord || LEXICAL_STOP_WORDS.has(word) || (word.length === 1 && !/\p{N}/u.test(word))) {
      previousContent = undefined;
      return;
    }
    const wordStem = stem(word);
    // `a Licensee or Subscriber Group`: either party answers, so the second is another spelling of the first term.
    const before = words[index - 2];
    const either = previous === 'or' && before !== undefined ? terms.find((term) => term.stems.length === 1 && term.stems[0] === stem(before) && term.weight === 1) : undefined;
    if (either !== undefined && !lexicon.genericWords.has(word) && !FRAME_WORDS.has(word) && !/\p{N}/u.test(word)) {
      either.alternatives = [...(either.alternatives ?? []), [wordStem]];
      either.display = `${either.display}|${word}`;
      previousContent = wordStem;
      return;
    }
    const frame = FRAME_WORDS.has(word) || (!isFraming && word === answerType);
    addTerm([wordStem], word, lexicon.genericWords.has(word) ? GENERIC_WEIGHT : frame ? FRAME_WEIGHT : 1, isFraming);
    if (previousContent !== undefined) addPhrase([previousContent, wordStem]);
    previousContent = wordStem;
  });

  for (const quoted of normalized.matchAll(/"([^"]{3,80})"/g)) {
    addPhrase(wordsOf(quoted[1] ?? '').map(stem));
  }
  // A list of labels (`categories (a, b, and c)`, `schedules 1 and 1a`) names each label: `category a`, `category b`, ….
  for (const listed of normalized.matchAll(LABEL_LIST)) {
    const singular = listed[1]!.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');
    for (const code of listed[2]!.split(/\s*(?:,|\band\b|\bor\b|&)\s*/).filter((part) => /^[a-z0-9]{1,3}$/.test(part))) {
      addTerm([stem(singular), code], `${singular} ${code}`, 1).listed = true;
      addPhrase([stem(singular), code]);
    }
  }

  const { ask, shareToo } = readAsk(asked, lexicon);
  let subject: string[] | undefined;
  const candidate = definitionSubject(asked);
  // `What exactly is the Last Trade Price…`: a capitalised defined term asks for its definition,
  // even when its last word (`Price`) would otherwise ask for an amount.
  if (ask === 'none' || (candidate !== undefined && isCapitalisedTerm(spelledOut.question, candidate))) {
    subject = candidate;
    if (subject !== undefined) addPhrase(subject.flatMap((part) => wordsOf(part)).map(stem));
  }
  for (const rule of [...spelledOut.rules, ...(options.expansions ?? [])]) {
    const pattern = wordsOf(normalizeForMatching(rule.pattern)).map(stem);
    const expansion = wordsOf(normalizeForMatching(rule.expansion)).map(stem);
    const term = terms.find((candidate) => candidate.stems.join(' ') === pattern.join(' '));
    if (term === undefined || expansion.length === 0) continue;
    term.alternatives = [...(term.alternatives ?? []), expansion];
  }
  // Words joined by a conjunction (`the loading fee and the storage fee`) each ask to be answered.
  const coordinated = findCoordinatedWords(normalized);
  for (const term of terms) if (term.stems.length === 1 && coordinated.has(term.display)) term.coordinated = true;
  const years = [...new Set(words.filter((word) => /^(?:19|20)\d{2}$/.test(word)))];
  const profile: QuestionProfile = { terms, phrases, ask: subject !== undefined ? 'definition' : ask, subject, years, lexicon };
  const exchanges = exchangesNamedBy(lexicon, words.map(stem));
  if (exchanges.length > 0) profile.exchanges = exchanges;
  if (profile.ask === 'amount' && shareToo) profile.shareAsked = true;
  if (profile.ask === 'date' && DEADLINE_QUESTION.test(asked)) profile.deadline = true;
  if (COMPARISON_QUESTION.test(normalized)) profile.comparison = true;
  // A question of three specific terms or more after a framing sentence (not a clause before a comma
  // or colon); years and the `fee` an amount answers say which value, not what about.
  const ownTerms = terms.filter((term) => term.framing !== true && term.weight === 1 && !term.satisfiedByAmount && !years.includes(term.display)).length;
  if (framing > 0 && /[.!?]\s*$/.test(normalized.slice(0, framing)) && ownTerms >= 3) profile.contextSentence = true;
  if (subject !== undefined) {
    const written = subject.join(' ');
    const alternatives = (options.expansions ?? [])
      .filter((rule) => normalizeForMatching(rule.pattern) === written)
      .map((rule) => normalizeForMatching(rule.expansion).split(/\s+/));
    if (alternatives.length > 0) profile.subjectAlternatives = alternatives;
  }
  return profile;
}

// Words that set two things against each other.
const COMPARISON_QUESTION = /\b(?:vs|versus|compar(?:e|es|ed|ing|ison|isons)|differ(?:s|ence|ences)?|between)\b/;

const DEADLINE_QUESTION = /\bby\s+(?:what|which)\s+(?:date|day|time)\b|\bby\s+when\b|\bdeadline\b/;
