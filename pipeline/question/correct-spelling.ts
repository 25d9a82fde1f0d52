import { editDistance } from '../text/index.ts';
import { isEnglishWord } from './english-words.ts';

/** How often each lowercase word occurs in a source's chunk texts and headings. */
export function buildWordFrequencies(chunks: Iterable<{ sectionHeading: string; text: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const chunk of chunks) {
    for (const text of [chunk.sectionHeading, chunk.text]) {
      for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

/** One word the correction changed. */
export interface SpellingCorrection {
  from: string;
  to: string;
}

/** The question with misspelt words corrected, and what changed. */
export interface CorrectedQuestion {
  text: string;
  corrections: SpellingCorrection[];
}

/**
 * How often a correction must occur in the source: three times for words under seven letters (a
 * rare short word is no safer a guess than the typo), once from seven (`revaels` → `reveals`), where
 * one edit rarely lands on another word.
 */
function minimumFrequency(word: string): number {
  return word.length >= 7 ? 1 : 3;
}

/**
 * Corrects words that are neither the source's nor English (`isKnownWord`: WordNet) to the source's
 * word one edit away (two from eight letters):
 * a substitution, insertion, deletion or swap of neighbours, same first letter (`licnesing` →
 * `licensing`, `Wallbozrd` → `Wallboard`, `revaels` → `reveals`). Only when one candidate is the
 * closest and occurs often enough in the source (`minimumFrequency`), so that a name the documents do not cover
 * (`Eurex`, `SARON`) is never turned into one they do, nor a real word they do not use (`deadline`,
 * `Ether`). Left alone: words under five letters, words
 * in capitals (`SOC`), words with digits, and words the source holds. The case of the first letter
 * is kept. Deterministic.
 */
export function correctSpelling(question: string, frequencies: ReadonlyMap<string, number>, isKnownWord: (word: string) => boolean = isEnglishWord): CorrectedQuestion {
  const corrections: SpellingCorrection[] = [];
  const text = question.replace(/\p{L}+/gu, (word) => {
    if (word.length < 5 || /^\p{Lu}+$/u.test(word)) return word;
    const lower = word.toLowerCase();
    if (frequencies.has(lower) || isKnownWord(lower)) return word;
    const best = closestWord(lower, frequencies);
    if (best === undefined) return word;
    const corrected = /^\p{Lu}/u.test(word) ? `${best[0]!.toUpperCase()}${best.slice(1)}` : best;
    corrections.push({ from: word, to: corrected });
    return corrected;
  });
  return { text, corrections };
}

function closestWord(word: string, frequencies: ReadonlyMap<string, number>): string | undefined {
  const allowed = word.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let bestFrequency = 0;
  let tied = false;
  for (const [candidate, frequency] of frequencies) {
    if (frequency < minimumFrequency(word) || candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > allowed) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance > allowed) continue;
    if (distance < bestDistance || (distance === bestDistance && frequency > bestFrequency)) {
      tied = distance === bestDistance && best !== undefined && frequency === bestFrequency;
      best = candidate;
      bestDistance = distance;
      bestFrequency = frequency;
    } else if (distance === bestDistance && frequency === bestFrequency) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}
