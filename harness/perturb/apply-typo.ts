import type { SeededRandom } from './create-seeded-random.ts';
import { findProtectedSpans } from './find-protected-spans.ts';
import { findWords } from './find-words.ts';
import type { QuestionWord } from './find-words.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/** Shortest word a typo may land in (default 5 letters): short words read as different words when misspelt. */
export const TYPO_MINIMUM_WORD_LENGTH = 5;

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;

/**
 * The keys around each letter on a QWERTY keyboard, rows staggered as on a real one (`s` → `a d w
 * e z x`). A substitution typo picks one of them.
 */
const KEYBOARD_NEIGHBOURS: ReadonlyMap<string, string> = createKeyboardNeighbours();

// A dropped or swapped letter can spell a slur (`counts` → `cunts`); such a typo is not used.
const OFFENSIVE = /cunt|fuck|shit|nigg|fag|twat|whore|slut|bitch|^(?:ass|arse|cock|dick|piss|tit|tits|rape|cum|homo|spic|kike)$/iu;

type TypoOperation = 'substituted' | 'swapped' | 'dropped';

/**
 * Misspells one or two content words of `question` the way fast typing does: a letter replaced by
 * a neighbouring key, two adjacent letters swapped, or a letter dropped. Only words of at least
 * `TYPO_MINIMUM_WORD_LENGTH` letters are touched, never their first letter, and never numbers,
 * amounts, years, acronyms, known exchanges/products/parties or quoted text (see
 * `findProtectedSpans`). `undefined` when no word qualifies.
 */
export function applyTypo(question: string, random: SeededRandom): PerturbationEdit | undefined {
  const protectedSpans = findProtectedSpans(question);
  const eligible = findWords(question).filter(
    (word) => word.text.length >= TYPO_MINIMUM_WORD_LENGTH && !protectedSpans.some((span) => word.start < span.end && span.start < word.end),
  );
  if (eligible.length === 0) return undefined;
  const count = eligible.length >= 2 && random.next() < 0.4 ? 2 : 1;
  const chosen = random
    .shuffle(eligible)
    .slice(0, count)
    .sort((left, right) => left.start - right.start);
  let result = '';
  let position = 0;
  const changes: string[] = [];
  for (const word of chosen) {
    const misspelt = misspell(word, random);
    result += question.slice(position, word.start) + misspelt.text;
    position = word.end;
    changes.push(`${word.text} → ${misspelt.text} (${misspelt.operation})`);
  }
  result += question.slice(position);
  return { question: result, note: changes.join('; ') };
}

function misspell(word: QuestionWord, random: SeededRandom): { text: string; operation: TypoOperation } {
  const letters = [...word.text];
  for (const operation of random.shuffle<TypoOperation>(['substituted', 'swapped', 'dropped'])) {
    const text = tryOperation(letters, operation, random);
    if (text !== undefined && text !== word.text && !OFFENSIVE.test(text)) return { text, operation };
  }
  // Reached only when every operation spelt a blocked word: drop the last letter instead.
  return { text: letters.slice(0, -1).join(''), operation: 'dropped' };
}

function tryOperation(letters: readonly string[], operation: TypoOperation, random: SeededRandom): string | undefined {
  // Never the first letter: people rarely mistype it, and a word misspelt there is hard to read.
  if (operation === 'dropped') {
    const index = 1 + random.integer(letters.length - 1);
    return [...letters.slice(0, index), ...letters.slice(index + 1)].join('');
  }
  if (operation === 'swapped') {
    const positions = range(1, letters.length - 1).filter((index) => letters[index]!.toLowerCase() !== letters[index + 1]!.toLowerCase());
    const index = random.pick(positions);
    if (index === undefined) return undefined;
    const copy = [...letters];
    [copy[index], copy[index + 1]] = [copy[index + 1]!, copy[index]!];
    return copy.join('');
  }
  const positions = range(1, letters.length).filter((index) => KEYBOARD_NEIGHBOURS.has(letters[index]!.toLowerCase()));
  const index = random.pick(positions);
  if (index === undefined) return undefined;
  const original = letters[index]!;
  const replacement = random.pick([...(KEYBOARD_NEIGHBOURS.get(original.toLowerCase()) ?? '')]) ?? original;
  const copy = [...letters];
  copy[index] = original === original.toLowerCase() ? replacement : replacement.toUpperCase();
  return copy.join('');
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);
}

function createKeyboardNeighbours(): Map<string, string> {
  const neighbours = new Map<string, string>();
  KEYBOARD_ROWS.forEach((row, rowIndex) => {
    [...row].forEach((key, column) => {
      const around = [
        row[column - 1],
        row[column + 1],
        // The row above sits half a key to the left, the row below half a key to the right.
        KEYBOARD_ROWS[rowIndex - 1]?.[column],
        KEYBOARD_ROWS[rowIndex - 1]?.[column + 1],
        KEYBOARD_ROWS[rowIndex + 1]?.[column - 1],
        KEYBOARD_ROWS[rowIndex + 1]?.[column],
      ];
      neighbours.set(key, around.filter((neighbour): neighbour is string => neighbour !== undefined).join(''));
    });
  });
  return neighbours;
}
