import type { TermStatistics } from '../rerank/term-statistics.ts';
import { namingLimit } from '../rerank/read-rerank-question.ts';
import { wordStems } from '../rerank/term-statistics.ts';
import { editDistance, escapeRegExp, gluedFileNames } from '../text/index.ts';
import { rememberReadings } from '../question/remember-readings.ts';

/** A name the question writes (`Market Profile`, `RFR Austria`, `Ono`), with the stems of its words. */
export interface QuestionName {
  text: string;
  stems: readonly string[];
}

/** Spellings the question stage already reads (a source's abbreviations and anchors): a name made of them is checked there, not here. */
export interface KnownSpellings {
  expansions?: readonly { pattern: string }[];
  anchors?: readonly { name: string; aliases: readonly string[] }[];
}

// Words that open or join a question in capitals without naming anything (`What`, `Under`, `The`),
// titles and company forms (`Mrs.`, `Inc.`), and months (dates are read as dates).
const FUNCTION_WORDS = new Set(
  (
    'a an the and or of for to in on at by with from as per vs via under over about into between within what which who whom whose when ' +
    'where why how is are was were be been do does did can could should would will shall may might must if whether ' +
    'i we you he she it they my our your their this that these those there here please ' +
    'mr mrs ms dr inc ltd llc corp co plc ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july august september october november december'
  ).split(' '),
);

// A capitalised word: a letter in upper case, then letters, digits, `&` or inner hyphens (`Non-Professional`, `S&P`).
const CAPITALISED = /^\p{Lu}[\p{L}\p{N}&]*(?:-[\p{L}\p{N}]+)*$/u;

/**
 * The names a question writes: runs of capitalised words that are not function words (with a
 * number right after them: `Schedule 7`), where the first word of a sentence counts only as an
 * acronym (two capitals or more); a possessive `'s` is dropped. Words the source's abbreviation
 * rules or anchors spell (`RT`, `GME`, `Gulf Mercantile Exchange`) are left out (the question stage
 * reads them with their other spellings), and so is a name in parentheses after another (its
 * spelled-out form). A question mostly in capitals (Title Case or shouting) names nothing this
 * way: its capitals say nothing.
 */
export function findQuestionNames(question: string, known: KnownSpellings = {}): readonly QuestionName[] {
  return rememberedQuestionNames(question, known.expansions, known.anchors);
}

// A question is read again whenever it is asked again (a what-if replays each case once per value).
const rememberedQuestionNames = rememberReadings((question: string, expansions: KnownSpellings['expansions'], anchors: KnownSpellings['anchors']) =>
  readQuestionNames(question, { ...(expansions !== undefined ? { expansions } : {}), ...(anchors !== undefined ? { anchors } : {}) }),
);

function readQuestionNames(question: string, known: KnownSpellings): QuestionName[] {
  const text = blankKnownSpellings(question.replace(/['’]s\b/gu, ''), known);
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}&-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu)];
  const letters = text.match(/\p{L}/gu) ?? [];
  const capitals = text.match(/\p{Lu}/gu) ?? [];
  if (words.length === 0 || capitals.length > 0.6 * letters.length || isMostlyCapitalised(text, words)) return [];
  const names: QuestionName[] = [];
  let run: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  const close = () => {
    const spelledOut = /\(\s*$/.test(text.slice(0, runStart)) && /^\s*\)/.test(text.slice(runEnd)) && names.length > 0;
    const name = run.join(' ');
    if (run.length > 0 && !spelledOut && !names.some((kept) => kept.text === name)) names.push({ text: name, stems: wordStems(name) });
    run = [];
  };
  for (const match of words) {
    const word = match[0];
    const start = match.index;
    const opensSentence = opensSentenceAt(text, start);
    const acronym = (word.match(/\p{Lu}/gu) ?? []).length >= 2;
    const adjacent = run.length > 0 && /^[ \t-]*$/.test(text.slice(runEnd, start));
    // A number right after a name is part of it (`Schedule 7`, `Level 1`).
    const isName = (CAPITALISED.test(word) && !FUNCTION_WORDS.has(word.toLowerCase()) && (acronym || !opensSentence)) || (adjacent && /^\p{N}+$/u.test(word));
    if (!isName || !adjacent) close();
    if (isName) {
      if (run.length === 0) runStart = start;
      run.push(word);
      runEnd = start + word.length;
    }
  }
  close();
  return names;
}

/** Whether the word at `start` opens a sentence: nothing before it, or a stop that is not a title's or company form's (`Mrs.`, `Inc.`). */
function opensSentenceAt(text: string, start: number): boolean {
  const before = text.slice(0, start).trimEnd();
  return before === '' || /[?!:;]$/.test(before) || (before.endsWith('.') && !/(?<![\p{L}])(?:mr|mrs|ms|dr|inc|ltd|co|corp|no|st)\.$/iu.test(before));
}

/** Title Case or shouting: of the words that are neither acronyms nor a sentence's first, at least three and more than 60% are capitalised. */
function isMostlyCapitalised(text: string, words: readonly RegExpMatchArray[]): boolean {
  const inner = words.filter((match) => {
    return /\p{L}{2}/u.test(match[0]) && (match[0].match(/\p{Lu}/gu) ?? []).length < 2 && !opensSentenceAt(text, match.index ?? 0);
  });
  const capitalised = inner.filter((match) => CAPITALISED.test(match[0])).length;
  return capitalised >= 3 && capitalised / inner.length > 0.6;
}

/** The question with every known spelling replaced by spaces (so the words around it stay apart). */
function blankKnownSpellings(question: string, known: KnownSpellings): string {
  let text = question;
  // Most spellings are absent from a question: a plain substring test skips them before their
  // case-insensitive Unicode pattern is built or compiled (a cold process paid for 275 of them).
  // Under the `iu` flags an ASCII letter also matches the Kelvin sign and the long s, which
  // toLowerCase and the replace below bring to `k` and `s`, so the test never skips a match.
  const lower = question.toLowerCase().replace(/\u017f/gu, 's');
  for (const spelling of spellingPatterns(known)) {
    if (spelling.asciiParts !== undefined && !spelling.asciiParts.every((part) => lower.includes(part))) continue;
    spelling.pattern ??= new RegExp(spelling.source, 'giu');
    text = text.replace(spelling.pattern, (found) => ' '.repeat(found.length));
  }
  return text;
}

const NO_SPELLINGS: readonly never[] = [];
// Compiled once per configured list pair (a source's pipeline keeps its lists for the process), not once per question.
const patternsByLists = new WeakMap<object, WeakMap<object, readonly SpellingPattern[]>>();

/** A known spelling as a whole-word pattern (compiled when first needed), with its words lower-cased when they are all ASCII. */
interface SpellingPattern {
  source: string;
  pattern: RegExp | undefined;
  asciiParts: readonly string[] | undefined;
}

/** The known spellings as whole-word patterns, longest first. */
function spellingPatterns(known: KnownSpellings): readonly SpellingPattern[] {
  const expansions = known.expansions ?? NO_SPELLINGS;
  const anchors = known.anchors ?? NO_SPELLINGS;
  let byAnchors = patternsByLists.get(expansions);
  if (byAnchors === undefined) {
    byAnchors = new WeakMap();
    patternsByLists.set(expansions, byAnchors);
  }
  let patterns = byAnchors.get(anchors);
  if (patterns === undefined) {
    const spellings = [...expansions.map((rule) => rule.pattern), ...anchors.flatMap((anchor) => [anchor.name, ...anchor.aliases])];
    patterns = spellings
      .sort((a, b) => b.length - a.length)
      .map((spelling) => {
        const parts = spelling.trim().split(/\s+/u);
        const body = parts.map((part) => escapeRegExp(part)).join('\\s+');
        return {
          source: `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`,
          pattern: undefined,
          asciiParts: /^[\x20-\x7e\s]*$/u.test(spelling) ? parts.map((part) => part.toLowerCase()) : undefined,
        };
      });
    byAnchors.set(anchors, patterns);
  }
  return patterns;
}

/** A piece of kept evidence, as the gate reads it. */
export interface EvidenceChunk {
  source: string;
  doc: string;
  sectionHeading: string;
  text: string;
}

/** A document is about a word when at least this share of its chunks hold it (a defined short name). */
const ABOUT_SHARE = 0.2;

/**
 * The names no kept chunk holds. A chunk holds a name when each of its words the source knows is
 * in the chunk's text, heading, document name or source name, or is what the chunk's document is
 * about: in its opening (title, parties, recitals) or in at least a fifth of its chunks; or when the
 * name names the chunk's document (it holds all its words, one of them held by at most a tenth of
 * the source's documents: `Homewood Suites`) — the parties of an agreement need not be repeated in
 * its governing-law clause. A fee row of another
 * category (`Real Time | Device | $101.50` for `Market Profile`) holds neither. A name with a word
 * the source never writes and that is no typo of one (given the source's `vocabulary`) is absent
 * wherever the evidence comes from; other words no document holds are not asked of the evidence.
 */
export function findNamesAbsentFromEvidence(
  names: readonly QuestionName[],
  evidence: readonly EvidenceChunk[],
  statistics: TermStatistics,
  vocabulary?: ReadonlySet<string>,
  acronyms: ReadonlyMap<string, readonly string[]> = new Map(),
): QuestionName[] {
  // File names glue words (`AIRTECHINTERNATIONALGROUPINC_…`): a name inside one is written there.
  const documentNames = gluedFileNames(statistics.documents);
  const contexts = evidence.map((chunk) => ({ doc: chunk.doc, stems: new Set(wordStems(`${chunk.source}\n${chunk.doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')}\n${chunk.sectionHeading}\n${chunk.text}`)) }));
  const limit = namingLimit(statistics.documentCount);
  const about = (context: (typeof contexts)[number], wordStem: string) =>
    context.stems.has(wordStem) || statistics.documentOpens(context.doc, wordStem) || statistics.documentShare(context.doc, wordStem) >= ABOUT_SHARE;
  // The name names this chunk's document: one of its words few documents hold is in it, and so is every other word.
  const namesDocument = (context: (typeof contexts)[number], stems: readonly string[]) =>
    stems.some((wordStem) => statistics.documentsHolding(wordStem) <= limit && statistics.documentHolds(context.doc, wordStem)) &&
    stems.every((wordStem) => statistics.documentHolds(context.doc, wordStem));
  const holds = (context: (typeof contexts)[number], stems: readonly string[]) => stems.every((wordStem) => about(context, wordStem)) || namesDocument(context, stems);
  return names.filter((name) => {
    if (vocabulary !== undefined && (name.text.match(/[\p{L}\p{N}]+/gu) ?? []).some((word) => namesSomethingUnwritten(word, vocabulary, documentNames))) return true;
    const known = name.stems.filter((wordStem) => statistics.documentsHolding(wordStem) > 0);
    if (known.length === 0 || contexts.some((context) => holds(context, known))) return false;
    // An acronym the documents define (`DCM`) is held where its spelled-out words are.
    const spelled = spellOutAcronyms(name.text, acronyms).filter((wordStem) => statistics.documentsHolding(wordStem) > 0);
    return spelled.length === 0 || !contexts.some((context) => holds(context, spelled));
  });
}

/**
 * A word of a name that no document of the source writes, in any case, and that is no typo of a
 * word it does write (one edit away; `Cont` for `count`), nor part of a file name's glued words
 * (`Airtech` in `AIRTECHINTERNATIONALGROUPINC_…`): the question names something the source lacks
 * (`Nasdaq`, `Eurex`). Numbers and words under three letters are not judged.
 */
function namesSomethingUnwritten(word: string, vocabulary: ReadonlySet<string>, documentNames: readonly string[]): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 3 || /\p{N}/u.test(lower) || vocabulary.has(lower)) return false;
  if (lower.length >= 4 && documentNames.some((name) => name.includes(lower))) return false;
  for (const known of vocabulary) {
    if (known[0] === lower[0] && Math.abs(known.length - lower.length) <= 1 && editDistance(known, lower, 1) <= 1) return false;
  }
  return true;
}

/** The stems of a name with every acronym the documents define replaced by its words; empty when it holds none. */
function spellOutAcronyms(name: string, acronyms: ReadonlyMap<string, readonly string[]>): readonly string[] {
  if (acronyms.size === 0) return [];
  let replaced = false;
  const words = (name.match(/[\p{L}\p{N}&]+/gu) ?? []).flatMap((word) => {
    const expansion = acronyms.get(word.toUpperCase().replace(/S$/u, '')) ?? acronyms.get(word.toUpperCase());
    if (expansion === undefined || word.toUpperCase() !== word) return [word];
    replaced = true;
    return [...expansion];
  });
  return replaced ? wordStems(words.join(' ')) : [];
}
