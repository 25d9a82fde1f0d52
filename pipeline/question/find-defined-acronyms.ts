/** The acronyms a source's documents define, each with the words it stands for (lowercase). */
export type DefinedAcronyms = ReadonlyMap<string, readonly string[]>;

// A capitalised phrase followed by an acronym in parentheses: `Designated Contract Markets (DCM)`.
const LONG_THEN_SHORT = /((?:\p{Lu}[\p{L}\p{N}]*(?:-\p{L}[\p{L}\p{N}]*)*[ \t]+(?:(?:of|and|for|the|&|on|in|to)[ \t]+)*){1,7})\((\p{Lu}[\p{Lu}\p{N}&]{1,7})s?\)/gu;
// Words an acronym may skip (`Depth of Market` → `DOM` keeps the `of`; `Futures and Options` → `FO`).
const JOINING_WORDS = new Set(['of', 'and', 'for', 'the', '&', 'on', 'in', 'to']);

/**
 * Reads the acronyms the documents define where they first spell them out: a capitalised phrase
 * with the acronym in parentheses right after it, whose words' initials (with or without the joining
 * words `of`, `and`, `&`…, and a hyphenated word's parts) spell the acronym (`Designated Contract
 * Markets (DCM)`, `Automated Trading System (ATS)`, `Depth of Market (DOM)`). Returns each acronym
 * (upper case) with the words of its longest definition, lowercase.
 */
export function findDefinedAcronyms(chunks: Iterable<{ text: string }>): DefinedAcronyms {
  const found = new Map<string, string[]>();
  for (const chunk of chunks) {
    if (!chunk.text.includes('(')) continue;
    for (const match of chunk.text.matchAll(LONG_THEN_SHORT)) {
      const acronym = match[2]!.toUpperCase();
      const words = match[1]!.trim().split(/[ \t]+/u);
      const expansion = spelledBy(words, acronym.replace(/&/g, ''));
      if (expansion === undefined) continue;
      const known = found.get(acronym);
      if (known === undefined || expansion.length > known.length) found.set(acronym, expansion);
    }
  }
  return found;
}

/** The shortest tail of `words` whose initials spell `letters` (joining words optional), lowercase; undefined when none does. */
function spelledBy(words: readonly string[], letters: string): string[] | undefined {
  for (let start = words.length - 1; start >= 0; start -= 1) {
    const tail = words.slice(start);
    if (JOINING_WORDS.has(tail[0]!.toLowerCase())) continue;
    if (initialsMatch(tail, letters.toLowerCase())) return tail.map((word) => word.toLowerCase());
  }
  return undefined;
}

/** Whether the words' initials spell the letters: each word gives its initial, or each of its hyphenated parts', and a joining word may give none. */
function initialsMatch(words: readonly string[], letters: string): boolean {
  const match = (wordIndex: number, letterIndex: number): boolean => {
    if (wordIndex === words.length) return letterIndex === letters.length;
    const word = words[wordIndex]!.toLowerCase();
    const parts = word.split('-').filter((part) => part.length > 0);
    if (JOINING_WORDS.has(word) && match(wordIndex + 1, letterIndex)) return true;
    const whole = word[0] === letters[letterIndex] && match(wordIndex + 1, letterIndex + 1);
    if (whole) return true;
    if (parts.length > 1 && parts.every((part, offset) => part[0] === letters[letterIndex + offset])) return match(wordIndex + 1, letterIndex + parts.length);
    return false;
  };
  return match(0, 0);
}

