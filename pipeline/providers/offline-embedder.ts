import { createHash } from 'node:crypto';
import { ClausegateError } from '../errors.ts';
import type { Embedder, EmbedderInfo } from './embedder.ts';

/** Options of `createOfflineEmbedder`. */
export interface OfflineEmbedderOptions {
  /** Number of hash buckets, i.e. the vector length (the config default is 1024). */
  dimensions: number;
  /**
   * The source's publisher words nearly every chunk holds (`sources.<name>.lexical.genericWords`),
   * weighted as legal stop words. They change vectors, so they are part of the embedder's `version`
   * (an index built with other words is never queried with these).
   */
  sourceStopwords?: readonly string[];
}

/**
 * Creates the offline embedder: a hashed bag of word unigrams, word bigrams (across stopwords) and
 * character 3–5-grams (the "hashing trick", with a sign hash), with sublinear term frequency, fixed
 * feature-type weights and a built-in English and legal stopword list. It needs no key and no
 * download, keeps no corpus-fitted state (a vector depends only on its text and `info`), and
 * returns L2-normalised vectors.
 *
 * Text is NFKC-normalised and lowercased; amounts and numbers stay whole tokens (`$134.50`,
 * `$29,280`, `2026`, `4+`, `10%`), and so do codes of one letter and up to three digits (`a1`,
 * `c5`). Letters glued to digits otherwise split (`time11` → `time`, `11`), which frees words from
 * footnote markers. A text without any token gets one fixed unit vector.
 */
export function createOfflineEmbedder(options: OfflineEmbedderOptions): Embedder {
  const dimensions = options.dimensions;
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new ClausegateError('config_invalid', `offline embedder dimensions must be a positive integer, got ${dimensions}`, {
      hint: 'set offline.embeddingDimensions to a positive integer (default 1024)',
    });
  }
  const sourceStopwords = new Set((options.sourceStopwords ?? []).map((word) => word.toLowerCase()));
  const sourceDigest = sourceStopwords.size === 0 ? '' : `-s${createHash('sha256').update([...sourceStopwords].sort().join(' ')).digest('hex').slice(0, 8)}`;
  const info: EmbedderInfo = { name: 'offline-hashed-ngram', model: 'hashed-word-char-ngram', dimensions, version: `h2${sourceDigest}` };
  const counter = new FeatureCounter();
  const embed = (text: string): Float32Array => embedText(text, dimensions, counter, sourceStopwords);
  return {
    info,
    async embedDocuments(texts) {
      return texts.map(embed);
    },
    async embedQuery(text) {
      return embed(text);
    },
  };
}

// Everything below defines the feature scheme. Changing a weight, a class, the tokeniser, the
// stemmer, the stopword lists or the hashing changes vectors: bump `version` in `info` above.

// A feature key is a 32-bit hash whose low 3 bits hold the feature's class, so a key's weight is
// known without a side table and features of different classes never merge.
const CONTENT_WORD = 0;
const STOPWORD = 1;
const LEGAL_STOPWORD = 2;
const CODE_OR_NUMBER = 3;
const SHORT_NUMBER = 4;
const CONTENT_BIGRAM = 5;
const WEAK_BIGRAM = 6;
const CHARACTER_GRAM = 7;

const CLASS_WEIGHTS = Float64Array.from([
  1.0, // CONTENT_WORD
  0.12, // STOPWORD
  0.35, // LEGAL_STOPWORD
  1.1, // CODE_OR_NUMBER: amounts, years, counts such as 4+, codes such as a1
  0.25, // SHORT_NUMBER: one or two bare digits, mostly footnote markers and list numbers
  0.75, // CONTENT_BIGRAM: at least one of the two words is a content word, code or number
  0.1, // WEAK_BIGRAM: both words are legal stopwords or short numbers
  0.22, // CHARACTER_GRAM: about a dozen per word, so each one is light
]);

const CLASS_BITS = 3;
const CLASS_MASK = (1 << CLASS_BITS) - 1;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEED_UNIGRAM = 0x2f6a1c35;
const SEED_BIGRAM = 0x5bd1e995;
const SEED_CHARACTER = 0x1b873593;
const BOUNDARY = 0x01; // marks the start and end of a word in character n-grams
const MIN_CHARACTER_GRAM = 3;
const MAX_CHARACTER_GRAM = 5;
const MAX_CODE_DIGITS = 3;

const APOSTROPHES = /['’‘`´]/g;

const ENGLISH_STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but ' +
    'by can could did do does doing down during each either else etc few for from further had has have having he her here ' +
    'hers herself him himself his how however i if in into is it its itself just may me might more most must my myself ' +
    'neither no nor not now of off on once only or other ought our ours ourselves out over own per same she should so some ' +
    'such than that the their theirs them themselves then there these they this those through thus to too under until up ' +
    'upon us very via was we were what when where whether which while who whom whose why will with within without would yet ' +
    'you your yours yourself yourselves'
  ).split(' '),
);

// Frequent in licensing prose and in questions about it (`data` in market-data licensing), so they
// say little about which clause is meant.
const LEGAL_STOPWORDS = new Set(
  (
    'shall hereby herein hereof hereto hereunder therein thereof thereto thereunder whereas pursuant accordance respect ' +
    'include including provide provided applicable set forth said section subsection clause paragraph agreement party ' +
    'licensee licensor information data'
  ).split(' '),
);

// Character kinds: a table filled on first sight of each UTF-16 code unit from its Unicode
// properties (ASCII up front, since nearly every character is ASCII).
const OTHER = 1;
const LETTER = 2; // letters and combining marks
const DIGIT = 3;
const CURRENCY = 4;
const characterKinds = new Uint8Array(0x10000);
for (let code = 0; code < 0x80; code += 1) classifyCharacter(code);

function characterKind(code: number): number {
  return characterKinds[code] || classifyCharacter(code);
}

function classifyCharacter(code: number): number {
  const character = String.fromCharCode(code);
  let kind = OTHER;
  if (/[\p{L}\p{M}]/u.test(character)) kind = LETTER;
  else if (/\p{Nd}/u.test(character)) kind = DIGIT;
  else if (code === 0x24 || code === 0xa3 || code === 0x20ac) kind = CURRENCY;
  characterKinds[code] = kind;
  return kind;
}

/**
 * Counts feature keys in an open-addressing table that is reused across calls (embedding is
 * synchronous, so one call never sees another's features) and remembers first-occurrence order,
 * so the vector of a text never depends on anything but the text.
 */
class FeatureCounter {
  private capacity = 1 << 13;
  private keys = new Uint32Array(this.capacity);
  private counts = new Uint32Array(this.capacity);
  private stamps = new Uint32Array(this.capacity);
  private generation = 1;
  /** Occupied slots in first-occurrence order. */
  slots = new Uint32Array(this.capacity);
  size = 0;

  reset(): void {
    this.size = 0;
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  add(key: number): void {
    const mask = this.capacity - 1;
    let slot = (key >>> CLASS_BITS) & mask;
    while (this.stamps[slot] === this.generation) {
      if (this.keys[slot] === key) {
        this.counts[slot]! += 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    this.stamps[slot] = this.generation;
    this.keys[slot] = key;
    this.counts[slot] = 1;
    this.slots[this.size] = slot;
    this.size += 1;
    if (this.size * 2 > this.capacity) this.grow();
  }

  key(slot: number): number {
    return this.keys[slot]!;
  }

  count(slot: number): number {
    return this.counts[slot]!;
  }

  private grow(): void {
    const entries = Array.from(this.slots.subarray(0, this.size), (slot) => [this.keys[slot]!, this.counts[slot]!] as const);
    this.capacity *= 2;
    this.keys = new Uint32Array(this.capacity);
    this.counts = new Uint32Array(this.capacity);
    this.stamps = new Uint32Array(this.capacity);
    this.slots = new Uint32Array(this.capacity);
    this.generation = 1;
    this.size = 0;
    for (const [key, count] of entries) {
      this.add(key);
      this.counts[this.slots[this.size - 1]!] = count;
    }
  }
}

function embedText(text: string, dimensions: number, counter: FeatureCounter, sourceStopwords: ReadonlySet<string>): Float32Array {
  counter.reset();
  collectFeatures(text, counter, sourceStopwords);
  const accumulator = new Float64Array(dimensions);
  for (let index = 0; index < counter.size; index += 1) {
    const slot = counter.slots[index]!;
    const key = counter.key(slot);
    const weight = CLASS_WEIGHTS[key & CLASS_MASK]! * (1 + Math.log(counter.count(slot)));
    const bucket = (key >>> CLASS_BITS) % dimensions;
    accumulator[bucket]! += key & 0x80000000 ? -weight : weight;
  }
  let squares = 0;
  for (let index = 0; index < dimensions; index += 1) squares += accumulator[index]! * accumulator[index]!;
  if (squares === 0) {
    // No token at all (empty or punctuation only), or features that cancelled out exactly: one
    // fixed unit vector rather than an unnormalisable zero.
    accumulator[0] = 1;
    squares = 1;
  }
  const scale = 1 / Math.sqrt(squares);
  const vector = new Float32Array(dimensions);
  for (let index = 0; index < dimensions; index += 1) vector[index] = accumulator[index]! * scale;
  return vector;
}

/** Scans the normalised text once, adding word, bigram and character n-gram features of each token. */
function collectFeatures(text: string, counter: FeatureCounter, sourceStopwords: ReadonlySet<string>): void {
  const normalised = text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '');
  const length = normalised.length;
  let previousHash = 0;
  let previousWeak = false;
  let hasPrevious = false;
  let index = 0;
  while (index < length) {
    const kind = characterKind(normalised.charCodeAt(index));
    const start = index;
    let wordClass: number;
    let word: string;
    if (kind === LETTER) {
      index += 1;
      while (index < length && characterKind(normalised.charCodeAt(index)) === LETTER) index += 1;
      const codeEnd = index - start === 1 && (start === 0 || characterKind(normalised.charCodeAt(start - 1)) !== DIGIT) ? codeEndAt(normalised, index) : -1;
      if (codeEnd > 0) {
        index = codeEnd;
        word = normalised.slice(start, index);
        wordClass = CODE_OR_NUMBER;
      } else {
        const surface = normalised.slice(start, index);
        if (ENGLISH_STOPWORDS.has(surface)) {
          word = surface;
          wordClass = STOPWORD;
        } else {
          word = stem(surface);
          wordClass = LEGAL_STOPWORDS.has(surface) || LEGAL_STOPWORDS.has(word) || sourceStopwords.has(surface) || sourceStopwords.has(word) ? LEGAL_STOPWORD : CONTENT_WORD;
        }
      }
    } else if (kind === DIGIT || (kind === CURRENCY && index + 1 < length && characterKind(normalised.charCodeAt(index + 1)) === DIGIT)) {
      index = numberEndAt(normalised, kind === CURRENCY ? index + 1 : index);
      word = normalised.slice(start, index);
      wordClass = index - start <= 2 && kind === DIGIT && characterKind(normalised.charCodeAt(index - 1)) === DIGIT ? SHORT_NUMBER : CODE_OR_NUMBER;
    } else {
      index += 1;
      continue;
    }

    const wordHash = hashString(word);
    counter.add(featureKey(wordHash ^ SEED_UNIGRAM, wordClass));
    // Bigrams join neighbouring words across stopwords (`depth of market` → `depth market`).
    if (wordClass === STOPWORD) continue;
    const weak = wordClass !== CONTENT_WORD && wordClass !== CODE_OR_NUMBER;
    if (hasPrevious) {
      const bigramHash = (Math.imul(previousHash, 0x9e3779b1) + wordHash) ^ SEED_BIGRAM;
      counter.add(featureKey(bigramHash, previousWeak && weak ? WEAK_BIGRAM : CONTENT_BIGRAM));
    }
    previousHash = wordHash;
    previousWeak = weak;
    hasPrevious = true;
    if (wordClass === CONTENT_WORD || wordClass === LEGAL_STOPWORD) collectCharacterGrams(word, counter);
  }
}

/** Where a code such as `a1` ends when its single letter ends at `index`, or -1 when it is no code. */
function codeEndAt(text: string, index: number): number {
  let end = index;
  while (end < text.length && end - index < MAX_CODE_DIGITS + 1 && characterKind(text.charCodeAt(end)) === DIGIT) end += 1;
  if (end === index || end - index > MAX_CODE_DIGITS) return -1;
  if (end < text.length && characterKind(text.charCodeAt(end)) !== OTHER && characterKind(text.charCodeAt(end)) !== CURRENCY) return -1;
  return end;
}

/** Where a number starting with a digit at `index` ends: digits, `.`/`,` groups, then an optional `+` and `%`. */
function numberEndAt(text: string, index: number): number {
  let end = index;
  while (end < text.length && characterKind(text.charCodeAt(end)) === DIGIT) end += 1;
  for (;;) {
    const code = text.charCodeAt(end);
    if ((code === 0x2e || code === 0x2c) && end + 1 < text.length && characterKind(text.charCodeAt(end + 1)) === DIGIT) {
      end += 1;
      while (end < text.length && characterKind(text.charCodeAt(end)) === DIGIT) end += 1;
    } else break;
  }
  if (text.charCodeAt(end) === 0x2b /* + */) end += 1;
  if (text.charCodeAt(end) === 0x25 /* % */) end += 1;
  return end;
}

/** Character 3–5-grams of the word padded with boundary marks, hashed with FNV-1a as they are read. */
function collectCharacterGrams(word: string, counter: FeatureCounter): void {
  const padded = word.length + 2;
  for (let start = 0; start + MIN_CHARACTER_GRAM <= padded; start += 1) {
    let hash = FNV_OFFSET ^ SEED_CHARACTER;
    const last = Math.min(padded, start + MAX_CHARACTER_GRAM);
    for (let position = start; position < last; position += 1) {
      const code = position === 0 || position === padded - 1 ? BOUNDARY : word.charCodeAt(position - 1);
      hash = Math.imul(hash ^ code, FNV_PRIME);
      if (position - start + 1 >= MIN_CHARACTER_GRAM) counter.add(featureKey(hash, CHARACTER_GRAM));
    }
  }
}

/**
 * A light plural stemmer (Harman's "S" stemmer) so that `fees` meets `fee` and `applications`
 * meets `application`; words of three letters or fewer are kept.
 */
function stem(word: string): string {
  const length = word.length;
  if (length <= 3 || word.charCodeAt(length - 1) !== 0x73 /* s */) return word;
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes')) return word.slice(0, -1);
  if (word.endsWith('us') || word.endsWith('ss')) return word;
  return word.slice(0, -1);
}

/** FNV-1a over UTF-16 code units. */
function hashString(text: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), FNV_PRIME);
  return hash;
}

/** Finalises a hash with murmur3's fmix32 (FNV's high bits mix poorly) and puts the class in the low bits. */
function featureKey(hash: number, featureClass: number): number {
  let mixed = hash;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return ((mixed & ~CLASS_MASK) | featureClass) >>> 0;
}
