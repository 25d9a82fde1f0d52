import type { KeywordEntry, KeywordIndexParts } from './keyword-index.ts';
import { tokenizeKeywordPairs, tokenizeKeywords } from './tokenize-keywords.ts';

/** Gathers a keyword index's content entry by entry, keeping no text: see `createKeywordIndexBuilder`. */
export interface KeywordIndexBuilder {
  /** Tokenizes one entry and records its term frequencies (any order; chunk ids must be distinct). */
  add(entry: KeywordEntry): void;
  /** Entries added so far. */
  readonly size: number;
  /**
   * The index's content, as `createKeywordIndex` over the same entries gives it (documents in
   * chunk-id order, terms in code-unit order, postings by document). Frees what the builder held:
   * call it once. Throws on a duplicate chunk id.
   */
  finish(): KeywordIndexParts;
}

/**
 * A keyword index built incrementally (`blockBits`: the size of the typed arrays it grows by, 2^20 values by default), for an ingest that must not hold every chunk's text until the
 * end: each entry is tokenized when added and only its `(term number, frequency)` pairs are kept, in
 * blocks of typed arrays outside the JavaScript heap (8 bytes a posting; at 100× the CME corpus, 9
 * million postings: 74 MB, against the texts and then a `Map` of number arrays per term). The terms
 * are kept once each. `finish` orders documents by chunk id and terms by code unit and scatters the
 * pairs into per-term postings with one counting pass.
 */
export function createKeywordIndexBuilder(options: { blockBits?: number } = {}): KeywordIndexBuilder {
  const blockBits = options.blockBits ?? 20;
  const termNumbers = new Map<string, number>();
  const terms: string[] = [];
  const chunkIds: string[] = [];
  const documentLengths = new BlockWords(blockBits);
  // Entry i's pairs are `pairs[2 · entryEnds[i − 1] … 2 · entryEnds[i])`: term number, frequency.
  const pairs = new BlockWords(blockBits);
  const entryEnds = new BlockWords(blockBits);
  let finished = false;

  return {
    get size() {
      return chunkIds.length;
    },
    add(entry) {
      if (finished) throw new Error('createKeywordIndexBuilder: add after finish');
      const tokens = tokenizeKeywords(entry.text);
      // The length counts words only: pairs add no length of their own.
      documentLengths.push(tokens.length);
      const frequencies = new Map<string, number>();
      for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
      for (const token of tokenizeKeywordPairs(entry.text)) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        let number = termNumbers.get(term);
        if (number === undefined) {
          number = terms.length;
          termNumbers.set(term, number);
          terms.push(term);
        }
        pairs.push(number);
        pairs.push(frequency);
      }
      entryEnds.push(pairs.length / 2);
      chunkIds.push(entry.chunkId);
    },
    finish() {
      if (finished) throw new Error('createKeywordIndexBuilder: finish called twice');
      finished = true;
      termNumbers.clear();
      const parts = assembleParts(chunkIds, documentLengths, terms, pairs, entryEnds);
      chunkIds.length = 0;
      terms.length = 0;
      documentLengths.clear();
      pairs.clear();
      entryEnds.clear();
      return parts;
    },
  };
}

function assembleParts(chunkIds: readonly string[], lengthsByEntry: BlockWords, terms: readonly string[], pairs: BlockWords, entryEnds: BlockWords): KeywordIndexParts {
  const entryOrder = Array.from({ length: chunkIds.length }, (_, index) => index).sort((left, right) => compareStrings(chunkIds[left]!, chunkIds[right]!));
  const sortedIds = entryOrder.map((entry) => chunkIds[entry]!);
  for (let index = 1; index < sortedIds.length; index += 1) {
    if (sortedIds[index] === sortedIds[index - 1]) throw new Error(`createKeywordIndex: duplicate chunk id ${sortedIds[index]}`);
  }
  const termOrder = Array.from({ length: terms.length }, (_, index) => index).sort((left, right) => compareStrings(terms[left]!, terms[right]!));
  const rankOfTerm = new Uint32Array(terms.length);
  termOrder.forEach((term, rank) => {
    rankOfTerm[term] = rank;
  });
  const postingEnds = new Uint32Array(terms.length);
  for (let at = 0; at < pairs.length; at += 2) postingEnds[rankOfTerm[pairs.at(at)]!]! += 1;
  let total = 0;
  for (let rank = 0; rank < postingEnds.length; rank += 1) {
    total += postingEnds[rank]!;
    postingEnds[rank] = total;
  }
  // Each term's next free pair; documents are visited in number order, so a term's postings come out sorted by document.
  const next = new Uint32Array(terms.length);
  for (let rank = 1; rank < next.length; rank += 1) next[rank] = postingEnds[rank - 1]!;
  const postings = new Uint32Array(total * 2);
  const documentLengths = new Uint32Array(chunkIds.length);
  entryOrder.forEach((entry, documentNumber) => {
    documentLengths[documentNumber] = lengthsByEntry.at(entry);
    const end = entryEnds.at(entry) * 2;
    for (let at = (entry === 0 ? 0 : entryEnds.at(entry - 1)) * 2; at < end; at += 2) {
      const rank = rankOfTerm[pairs.at(at)]!;
      const slot = next[rank]!;
      next[rank] = slot + 1;
      postings[slot * 2] = documentNumber;
      postings[slot * 2 + 1] = pairs.at(at + 1);
    }
  });
  return { chunkIds: sortedIds, documentLengths, terms: termOrder.map((term) => terms[term]!), postingEnds, postings };
}

/**
 * A uint32 list in blocks of 2^blockBits values (default 2^20: 4 MiB, outside the JavaScript heap):
 * growing it never copies what it holds, so the list costs its size and at most one block more.
 */
class BlockWords {
  readonly #bits: number;
  readonly #mask: number;
  #blocks: Uint32Array[] = [];
  length = 0;

  constructor(bits: number) {
    this.#bits = bits;
    this.#mask = 2 ** bits - 1;
  }

  push(value: number): void {
    const offset = this.length & this.#mask;
    if (offset === 0) this.#blocks.push(new Uint32Array(this.length === 0 ? Math.min(1024, this.#mask + 1) : this.#mask + 1));
    let block = this.#blocks[this.#blocks.length - 1]!;
    if (offset >= block.length) {
      // The first block starts small (an index of a few chunks) and grows to a whole block.
      const larger = new Uint32Array(Math.min(this.#mask + 1, block.length * 4));
      larger.set(block);
      this.#blocks[this.#blocks.length - 1] = block = larger;
    }
    block[offset] = value;
    this.length += 1;
  }

  at(index: number): number {
    return this.#blocks[index >>> this.#bits]![index & this.#mask]!;
  }

  clear(): void {
    this.#blocks = [];
    this.length = 0;
  }
}

/** Code-unit order, independent of locale, so ids sort the same everywhere. */
function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
