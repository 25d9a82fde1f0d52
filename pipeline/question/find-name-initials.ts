import type { DefinedAcronyms } from './find-defined-acronyms.ts';

// A run of Title Case words (`End of Day Information`, `Non-Display Use`), `of`, `and` or `&` allowed between them.
const TITLE_WORD = String.raw`\p{Lu}\p{Ll}+(?:-\p{L}\p{Ll}+)*`;
const TITLE_RUN = new RegExp(String.raw`(?<![\p{L}\p{N}-])${TITLE_WORD}(?:\s+(?:(?:of|and|&)\s+)?${TITLE_WORD})*(?![\p{L}\p{N}])`, 'gu');
const JOINING = new Set(['of', 'and', '&']);
const LONGEST_NAME = 6;

/**
 * The abbreviations a reader may write for the names the documents spell out in Title Case without
 * defining an abbreviation for them: `EOD` for `End of Day`, `ND` for `Non-Display`, `QA` for
 * `Quality Assurance`. Every run of two to six Title Case words (or one hyphenated word of two or
 * more parts), with `of`, `and` or `&` between them, gives its initials, upper case — each word its
 * initial or each hyphenated part its own, joining words with or without theirs — mapped to its
 * words, lowercase (the spelling seen most often). Only initials of two to six letters; a word in
 * capitals (`CVOL`) or with digits is not a Title Case word, so the documents' own acronyms never
 * combine into new ones.
 */
export function findNameInitials(chunks: Iterable<{ text: string; sectionHeading?: string }>): DefinedAcronyms {
  const counter = createNameInitialsCounter();
  for (const chunk of chunks) counter.add(chunk);
  return counter.finish();
}

/** `findNameInitials` chunk by chunk (an ingest adds each chunk as it writes it). */
export interface NameInitialsCounter {
  add(chunk: { text: string; sectionHeading?: string }): void;
  /** The initials of every chunk added, each with its most often seen spelling. */
  finish(): DefinedAcronyms;
}

export function createNameInitialsCounter(): NameInitialsCounter {
  const counts = new Map<string, Map<string, number>>();
  const add = (initials: string, words: readonly string[]) => {
    if (initials.length < 2 || initials.length > LONGEST_NAME) return;
    const spelled = words.join(' ').toLowerCase();
    let byWords = counts.get(initials);
    if (byWords === undefined) counts.set(initials, (byWords = new Map()));
    byWords.set(spelled, (byWords.get(spelled) ?? 0) + 1);
  };
  return {
    add(chunk) {
      for (const text of [chunk.sectionHeading ?? '', chunk.text]) {
        for (const run of text.matchAll(TITLE_RUN)) {
          const words = run[0].split(/\s+/u);
          for (let start = 0; start < words.length; start += 1) {
            if (JOINING.has(words[start]!)) continue;
            for (let end = start; end < words.length && end - start < LONGEST_NAME; end += 1) {
              if (JOINING.has(words[end]!)) continue;
              const name = words.slice(start, end + 1);
              for (const initials of initialsOf(name)) add(initials, name);
            }
          }
        }
      }
    },
    finish() {
      const found = new Map<string, string[]>();
      for (const [initials, byWords] of counts) {
        const [spelled] = [...byWords].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))[0]!;
        found.set(initials, spelled.split(' '));
      }
      return found;
    },
  };
}

/** The initials a name's words give: each word's initial or each of its hyphenated parts', joining words with or without theirs. */
function initialsOf(words: readonly string[]): Set<string> {
  let spellings = [''];
  for (const word of words) {
    const parts = word.split('-');
    const options = JOINING.has(word) ? ['', word[0]!] : parts.length > 1 ? [word[0]!, parts.map((part) => part[0]!).join('')] : [word[0]!];
    spellings = spellings.flatMap((spelling) => options.map((option) => spelling + option));
  }
  // One Title Case word gives no initials of its own; a hyphenated one (`Non-Display`) does.
  if (words.length === 1 && !words[0]!.includes('-')) return new Set();
  return new Set(spellings.map((spelling) => spelling.toUpperCase()));
}
