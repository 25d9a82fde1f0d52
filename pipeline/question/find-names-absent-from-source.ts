import { editDistance, gluedFileNames, glueLetters } from '../text/index.ts';

/**
 * The words of a source's documents, lowercase (letters and digits runs of every chunk's text and
 * section heading, and of the document names): what `findNamesAbsentFromSource` checks a name against.
 */
export function buildSourceVocabulary(chunks: Iterable<{ doc: string; sectionHeading: string; text: string }>): Set<string> {
  const vocabulary = new Set<string>();
  for (const chunk of chunks) {
    for (const text of [chunk.doc, chunk.sectionHeading, chunk.text]) {
      for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) vocabulary.add(word);
    }
  }
  return vocabulary;
}

// An acronym: two to eight capitals, digits or `&`, starting with a capital and holding at least two.
const ACRONYM = /(?<![\p{L}\p{N}])(\p{Lu}[\p{Lu}\p{N}&]{1,7})(?![\p{L}\p{N}])/gu;

/**
 * The acronyms the question names that no document of the source contains (`SOC` in `What SOC 2
 * report must…`): a system, standard or organisation the documents never mention, so they cannot
 * say anything about it. Only acronyms count — ordinary words may be paraphrases of the documents'
 * wording — and not in a question written mostly in capitals (`WHAT ARE THE…`), not `ignore` (the
 * abbreviations the expansion rules spell out, `RT`, `DOM`), and not one the source holds in any
 * letter case. In question order, each once.
 */
export function findNamesAbsentFromSource(question: string, vocabulary: ReadonlySet<string>, ignore: readonly string[] = []): string[] {
  const letters = question.match(/\p{L}/gu) ?? [];
  const capitals = question.match(/\p{Lu}/gu) ?? [];
  if (letters.length === 0 || capitals.length / letters.length > 0.5) return [];
  const ignored = new Set(ignore.map((word) => word.toLowerCase()));
  const absent: string[] = [];
  for (const match of question.matchAll(ACRONYM)) {
    const name = match[1]!;
    if ((name.match(/\p{Lu}/gu) ?? []).length < 2) continue;
    const lower = name.toLowerCase();
    const parts = lower.split('&').filter((part) => part.length > 0);
    if (ignored.has(lower) || parts.every((part) => vocabulary.has(part))) continue;
    if (!absent.includes(name)) absent.push(name);
  }
  return absent;
}

// `does X require Y to encrypt…`, `is a licensee obliged to notify…`: the action a requirement asks about.
const REQUIRED_ACTION = /\b(?:requires?|required|obliged?|obligates?|obligated|mandates?|mandated|compels?|compelled)\b(?:\s+[\p{L}'’-]+){0,6}?\s+to\s+(\p{L}{4,})/iu;

/**
 * The action a question asks whether the documents require (`encrypt` in `Does the Subscriber
 * Addendum require subscribers to encrypt CME market data at rest?`) when no word of the source
 * shares its stem (its first letters, all but the last two, at least four): an obligation the
 * documents never state. Undefined otherwise.
 */
export function findRequiredActionAbsentFromSource(question: string, vocabulary: ReadonlySet<string>): string | undefined {
  // A typo in the verb (`reqhire`) still asks for a requirement.
  const read = question.replace(/\p{L}{6,9}/gu, (word) => (REQUIRE_FORMS.some((form) => editDistance(word.toLowerCase(), form, 1) <= 1) ? 'require' : word));
  const action = REQUIRED_ACTION.exec(read)?.[1]?.toLowerCase();
  if (action === undefined) return undefined;
  const prefix = action.slice(0, Math.max(4, action.length - 2));
  for (const word of vocabulary) if (word.startsWith(prefix)) return undefined;
  return action;
}

const REQUIRE_FORMS = ['require', 'requires', 'required'];


/** The source's text as one string of lowercase words, for whole-phrase lookups (`buildSourcePhrases`). */
export function buildSourcePhrases(chunks: Iterable<{ sectionHeading: string; text: string }>): string {
  const parts: string[] = [];
  for (const chunk of chunks) {
    parts.push((chunk.sectionHeading.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' '));
    parts.push((chunk.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' '));
  }
  return ` ${parts.join(' | ')} `;
}

// A run of two or more capitalised words or acronyms (`FX Link`, `Television Distribution`), hyphens kept.
const NAME_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&]*(?:-\p{L}[\p{L}\p{N}]*)*(?:\s+\p{Lu}[\p{L}\p{N}&]*(?:-\p{L}[\p{L}\p{N}]*)*)+/gu;
// Words that start a new part of a name run: document structure (`Term SOFR Schedule 7`) and months (`January 2026`).
const RUN_BREAK = /^(?:schedule|appendix|category|section|exhibit|part|article|clause|tier|level|annex|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Capitalised names the question uses (`FX Link` in `How much is the CME FX Link market data
 * license?`) whose words the source holds but never side by side: a product or service the
 * documents do not name: most pairs of neighbouring words of the name occur together nowhere in the
 * source (a pair ending in an acronym is not counted — `E-mini CBOT`: tables name the exchange in another
 * cell). Not checked: names with a word the source does not hold (perhaps a typo; other checks
 * apply), the question's first word, document structure and months (`Term SOFR Schedule 7` is
 * `Term SOFR`), and a question written mostly in capitals. In question order, each once.
 * `phrases` (`buildSourcePhrases`) may be a reader, called only when a pair of words is checked;
 * a pair glued in one of the `documents`' file names (eight letters or more) is written too.
 */
export async function findPhrasesAbsentFromSource(
  question: string,
  vocabulary: ReadonlySet<string>,
  phrases: string | (() => Promise<string>),
  documents: readonly string[] = [],
): Promise<string[]> {
  const words = question.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [];
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (words.length === 0 || capitalised / words.length > 0.5) return [];
  const firstLetter = question.search(/\p{L}/u);
  const absent: string[] = [];
  // File names glue a party's words (`ACMEHOLDINGSTRUST_10-K…`): a pair written there is written in the source.
  const gluedNames = gluedFileNames(documents);
  const written = async (pair: readonly string[]) => {
    const glued = glueLetters(pair.join(''));
    if (glued.length >= 8 && gluedNames.some((name) => name.includes(glued))) return true;
    if (typeof phrases !== 'string') phrases = await phrases();
    return phrases.includes(` ${pair.join(' ')} `);
  };
  const pairOf = (left: string, right: string) => `${left} ${right}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const match of question.matchAll(NAME_RUN)) {
    const tokens = match[0].split(/\s+/);
    // The question's first word is capitalised as a sentence's first: part of the name only when
    // the source writes it with the next word (`Acme Rivers Poland`: `acme rivers`).
    if (match.index === firstLetter && !(tokens.length >= 2 && (await written(pairOf(tokens[0]!, tokens[1]!))))) tokens.shift();
    let part: string[] = [];
    const parts: string[][] = [];
    for (const token of tokens) {
      if (RUN_BREAK.test(token)) {
        parts.push(part);
        part = [];
      } else {
        part.push(token);
      }
    }
    parts.push(part);
    for (const name of parts) {
      let checked = 0;
      let missing = 0;
      for (let index = 1; index < name.length; index += 1) {
        const [left, right] = [name[index - 1]!, name[index]!];
        if (/^[\p{Lu}\p{N}&]+$/u.test(right)) continue;
        const pair = pairOf(left, right);
        if (!pair.every((word) => vocabulary.has(word))) continue;
        checked += 1;
        if (!(await written(pair))) missing += 1;
      }
      // A long name may join two of the documents' names (`Daily Return` + `Performance Benchmarking`): absent only when most pairs are.
      const shown = name.join(' ');
      if (checked > 0 && missing * 2 > checked && !absent.includes(shown)) absent.push(shown);
    }
  }
  return absent;
}
