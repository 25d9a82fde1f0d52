import { editDistance } from '../text/index.ts';
import { isEnglishWord } from './english-words.ts';
import { QUESTION_STOP_WORDS } from './question-stop-words.ts';

/** One short form the resolution spelled out: the token as written and the source's words for it. */
export interface ResolvedAbbreviation {
  from: string;
  to: string;
}

/** The question with the short forms the source resolves spelled out, and what changed. */
export interface ResolvedQuestion {
  text: string;
  resolutions: ResolvedAbbreviation[];
}

// A token that may be a short form: letters, `&` inside (`F&O`), not part of a longer word, a
// number or a contraction (`wha'ts`), not a label's code (`A3`).
const TOKEN = /(?<![\p{L}\p{N}'’&])\p{L}[\p{L}&]*(?![\p{L}\p{N}'’&])/gu;
// Words an expansion may skip between the words whose initials spell it (`end of day`, `futures and options`).
const JOINING_WORDS = new Set(['of', 'and', 'the', 'for', 'on', 'in', 'to']);
// What makes a word an inflection of the token it starts with (`run` → `running`, `app` → `apps`): not a longer word it shortens.
const INFLECTION = /^\p{L}?(?:s|es|ed|ing|er|ers|est|ly)$/u;
/** The fewest times a neighbour must stand beside an expansion in the source for it to count. */
const LEAST_SUPPORT = 2;
/** How many times more support the chosen expansion needs than the next one: less is ambiguous. */
const DOMINANCE = 3;
/** Without a neighbour to go by: how often an acronym's expansion must occur, and how many times more than the next. */
const LEAST_FREQUENCY = 3;
const FREQUENCY_DOMINANCE = 4;

interface Candidate {
  words: string;
  frequency: number;
  support: number;
  /** A source word one edit from the token (`count` for `Cont`): it competes, but is never chosen (a typo is not a short form). */
  typo?: true;
}

/**
 * Spells out the short forms a reader types that the documents never use — `ND` for `Non-Display`,
 * `RT` for `real time`, lower-case `eod`, `app` for `application`, `TV` for `television`, `yr`
 * for `year` — from the source's own words (`frequencies`, `buildWordFrequencies`) and phrases
 * (`phrases`, `buildSourcePhrases`), so that retrieval, reranking, the gate and the generator read
 * one question. A token of two to six letters (or `&`) that the source never uses and that is not a
 * stop word gets its candidate expansions: runs of words whose initials spell it (each word's, or
 * each part of a hyphenated word's; `of`, `and`, `the`… may be skipped), and single words two
 * letters longer at least that it is a prefix of (three letters or more), a contraction of (first
 * and last letters kept: `yr`), or, in capitals, the initials of as a compound of English words
 * (`TV`: tele-vision; see `shortensWord`). Each candidate's support is how often
 * it stands beside the token's neighbours in the question (`per app` → `per application`). The
 * candidate with the most support is chosen when it has at least `LEAST_SUPPORT` and `DOMINANCE`
 * times the next one's; with no support at all, an acronym in capitals takes the one expansion
 * that occurs at least `LEAST_FREQUENCY` times and `FREQUENCY_DOMINANCE` times the next. A source
 * word one edit from a token of three letters or more competes too but is never chosen: `Unit of
 * Cont` is a typo of `count`, not short for `contained`. Otherwise
 * — candidates that disagree — the token is left as written: no answer is built on a guess.
 * The acronyms of the source's statistics (`acronyms`: defined, or initials of the names the
 * documents spell out) are left as written: the gate's name checks read them already, and
 * spelling them out moved answers (measured). Case-insensitive; an acronym in capitals is spelled out as a name (`End of Day`), other tokens
 * in lower case; a question mostly in capitals gives its words no acronym reading. Deterministic.
 */
export function resolveAbbreviations(
  question: string,
  frequencies: ReadonlyMap<string, number>,
  phrases: string,
  options: {
    acronyms?: ReadonlyMap<string, unknown>;
    isKnownWord?: (word: string) => boolean;
    isGeneric?: (word: string) => boolean;
    /** The question's `findShortForms`, when the caller has found them already (it read them to decide whether to load `phrases`). */
    shortForms?: readonly ShortForm[];
  } = {},
): ResolvedQuestion {
  const isGeneric = options.isGeneric ?? (() => false);
  const isKnownWord = options.isKnownWord ?? isEnglishWord;
  const acronyms = options.acronyms ?? new Map<string, unknown>();
  const resolutions: ResolvedAbbreviation[] = [];
  const replacements: { start: number; end: number; text: string }[] = [];
  for (const { token, spelled, index, capitals } of options.shortForms ?? findShortForms(question, frequencies, acronyms)) {
    const expansion = resolveToken(token, spelled, {
      left: /([\p{L}\p{N}&]+)[\s-]+$/u.exec(question.slice(0, index))?.[1]?.toLowerCase(),
      right: /^[\s-]+([\p{L}\p{N}&]+)/u.exec(question.slice(index + token.length))?.[1]?.toLowerCase(),
      capitals,
      frequencies,
      phrases,
      isKnownWord,
    });
    // A word nearly every document holds (`agreement` for `agmt`) only adds weight to what every candidate says: left unread.
    if (expansion === undefined || expansion.split(' ').every(isGeneric)) continue;
    // An acronym in capitals stands for a name: written as one (`End of Day Information`), the later stages read it as the name it is.
    const written = capitals ? titleCase(expansion) : expansion;
    resolutions.push({ from: token, to: written });
    replacements.push({ start: index, end: index + token.length, text: written });
  }
  let text = question;
  for (const replacement of replacements.reverse()) text = text.slice(0, replacement.start) + replacement.text + text.slice(replacement.end);
  return { text, resolutions };
}

interface TokenContext {
  left: string | undefined;
  right: string | undefined;
  capitals: boolean;
  frequencies: ReadonlyMap<string, number>;
  phrases: string;
  isKnownWord: (word: string) => boolean;
}

/** A token of the question that may be a short form the source resolves (`findShortForms`). */
export interface ShortForm {
  token: string;
  /** The letters it spells, lower case (an acronym's plural `DCMs` spells `dcm`; `F&O` spells `fo`). */
  spelled: string;
  index: number;
  /** Written in capitals in a question that is not mostly capitals: an acronym. */
  capitals: boolean;
}

/**
 * The question's tokens that may be short forms: two to six letters (five in lower case), not a stop
 * word, not a word the source uses, not an acronym the source's statistics know (`acronyms`: only a
 * token in capitals is read as one; `Cat` is not the initials of a name). None means nothing to
 * resolve, and the source's phrases need not be read.
 */
export function findShortForms(question: string, frequencies: ReadonlyMap<string, number>, acronyms: ReadonlyMap<string, unknown> = new Map()): ShortForm[] {
  const letters = question.match(/\p{L}/gu) ?? [];
  const shouting = letters.length > 0 && letters.filter((letter) => /\p{Lu}/u.test(letter)).length / letters.length > 0.6;
  const forms: ShortForm[] = [];
  for (const match of question.matchAll(TOKEN)) {
    const token = match[0];
    const inCapitals = /^\p{Lu}[\p{Lu}&]+s?$/u.test(token);
    // An acronym the documents define or whose name they spell out (`findDefinedAcronyms`, `findNameInitials`) is read where it is checked, as written.
    if (inCapitals && acronyms.has(token.toUpperCase().replace(/(?<=\p{Lu})S$/u, ''))) continue;
    const capitals = !shouting && inCapitals;
    const lower = token.toLowerCase();
    // An acronym's plural (`DCMs`) is read as the acronym.
    const spelled = (capitals && /\p{Lu}s$/u.test(token) ? lower.slice(0, -1) : lower).replace(/&/g, '');
    if (spelled.length < 2 || spelled.length > 6 || !/^\p{L}+$/u.test(spelled)) continue;
    if (QUESTION_STOP_WORDS.has(lower) || frequencies.has(lower) || frequencies.has(spelled)) continue;
    // A word of six letters in lower case is more likely a word the source lacks than a short form.
    if (!capitals && spelled.length > 5) continue;
    forms.push({ token, spelled, index: match.index, capitals });
  }
  return forms;
}

function resolveToken(token: string, spelled: string, context: TokenContext): string | undefined {
  const candidates = new Map<string, Candidate>();
  for (const [words, frequency] of findInitialRuns(spelled, context.phrases)) candidates.set(words, { words, frequency, support: 0 });
  // `F&O`: the ampersand joins words, so only runs of words spell it.
  for (const [word, frequency] of token.includes('&') ? [] : context.frequencies) {
    if (!shortensWord(spelled, word, context.capitals, context.isKnownWord) || candidates.has(word)) continue;
    candidates.set(word, { words: word, frequency, support: 0 });
  }
  if (spelled.length >= 3) {
    for (const [word, frequency] of context.frequencies) {
      if (word[0] === spelled[0] && Math.abs(word.length - spelled.length) <= 1 && !candidates.has(word) && editDistance(spelled, word, 1) <= 1) candidates.set(word, { words: word, frequency, support: 0, typo: true });
    }
  }
  if (candidates.size === 0) return undefined;
  countSupport([...candidates.values()], context);
  const supported = [...candidates.values()].filter((candidate) => candidate.support > 0).sort((left, right) => right.support - left.support || right.frequency - left.frequency);
  if (supported.length > 0) {
    const [best, next] = supported;
    return best!.typo !== true && best!.support >= LEAST_SUPPORT && best!.support >= DOMINANCE * (next?.support ?? 0) ? best!.words : undefined;
  }
  if (!context.capitals) return undefined;
  const [best, next] = [...candidates.values()].sort((left, right) => right.frequency - left.frequency);
  return best!.typo !== true && best!.frequency >= LEAST_FREQUENCY && best!.frequency >= FREQUENCY_DOMINANCE * (next?.frequency ?? 0) ? best!.words : undefined;
}

/** Runs of the source's words whose initials spell `letters`, with how often each occurs. */
function findInitialRuns(letters: string, phrases: string): Map<string, number> {
  const joining = [...JOINING_WORDS].join('|');
  const body = [...letters].map((letter) => `${escape(letter)}\\p{L}+`).join(`(?: (?:${joining}))* `);
  // Opening with a space (not a look-behind) lets the engine scan for ` x` as a literal: the phrases are the source's whole text.
  const pattern = new RegExp(` (${body})(?= )`, 'gu');
  const found = new Map<string, number>();
  for (const match of phrases.matchAll(pattern)) {
    const run = match[1]!;
    const words = run.split(' ');
    if (QUESTION_STOP_WORDS.has(words[0]!) || QUESTION_STOP_WORDS.has(words.at(-1)!)) continue;
    found.set(run, (found.get(run) ?? 0) + 1);
  }
  return found;
}

/**
 * Whether `word` is a longer word `letters` may stand for, two letters longer at least (so a typo
 * one letter short is not read as one): a prefix of three letters or more (`app`; of four at most
 * when the token is an English word itself, `info`, not `count` for `country`) that is not the
 * token inflected (`run`, `running`); in lower case, a contraction of four letters at most keeping
 * the word's first and last letters, with one vowel at most after the first letter, none in an
 * English word (`yr`, `mgmt`, `dept`, not `runs` for `regulations`); in capitals, the initials of
 * a compound whose later parts are English words of five letters or more (`TV`: tele-vision, not
 * `RT`: repor-ting).
 */
function shortensWord(letters: string, word: string, capitals: boolean, isKnownWord: (word: string) => boolean): boolean {
  if (word.length < letters.length + 2 || word[0] !== letters[0]) return false;
  if (letters.length >= 3 && word.startsWith(letters)) return !INFLECTION.test(word.slice(letters.length)) && (letters.length <= 4 || !isKnownWord(letters));
  if (capitals) return splitsIntoParts(word, letters, isKnownWord);
  // An English word with a vowel after its first letter (`runs`) is not written for another one (`regulations`).
  const vowels = (letters.slice(1).match(/[aeiou]/g) ?? []).length;
  return letters.length <= 4 && vowels <= (isKnownWord(letters) ? 0 : 1) && takesInOrder(letters, word) && word.endsWith(letters.at(-1)!);
}

function takesInOrder(letters: string, word: string): boolean {
  let at = 0;
  for (const letter of word) if (letter === letters[at]) at += 1;
  return at >= letters.length;
}

/** Whether `word` is a first part of two letters or more, then one English word of five letters or more per further letter, each opening with it. */
function splitsIntoParts(word: string, letters: string, isKnownWord: (word: string) => boolean): boolean {
  const split = (from: number, letter: number): boolean => {
    if (letter === letters.length) return from === word.length;
    for (let end = from + 5; end <= word.length; end += 1) {
      if (word[from] === letters[letter] && isKnownWord(word.slice(from, end)) && split(end, letter + 1)) return true;
    }
    return false;
  };
  for (let end = 2; end < word.length; end += 1) if (split(end, 1)) return true;
  return false;
}

/** Each candidate's support: how often the source has it right after the left neighbour or right before the right one. */
function countSupport(candidates: Candidate[], context: TokenContext): void {
  if (context.left !== undefined) {
    for (const following of wordsBeside(context.phrases, context.left, 'after')) {
      for (const candidate of candidates) if (following.startsWith(`${candidate.words} `)) candidate.support += 1;
    }
  }
  if (context.right !== undefined) {
    for (const preceding of wordsBeside(context.phrases, context.right, 'before')) {
      for (const candidate of candidates) if (preceding.endsWith(` ${candidate.words}`)) candidate.support += 1;
    }
  }
}

/** At every occurrence of `word` in the phrases: the next (or previous) 80 characters, padded with spaces. */
function wordsBeside(phrases: string, word: string, side: 'after' | 'before'): string[] {
  const needle = ` ${word.replace(/\s+/g, ' ').trim()} `;
  const found: string[] = [];
  for (let at = phrases.indexOf(needle); at !== -1; at = phrases.indexOf(needle, at + 1)) {
    found.push(side === 'after' ? `${phrases.slice(at + needle.length, at + needle.length + 80)} ` : ` ${phrases.slice(Math.max(0, at - 80), at)}`);
  }
  return found;
}

function titleCase(words: string): string {
  return words
    .split(' ')
    .map((word, index) => (index > 0 && JOINING_WORDS.has(word) ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`))
    .join(' ');
}

function escape(letter: string): string {
  return letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
