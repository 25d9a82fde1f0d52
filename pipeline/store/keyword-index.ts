/*
 * BM25 keyword index: our own in-memory inverted index (option c), chosen by measurement.
 *
 * Bench (2026-11-22): 1,500 chunks of ~230 words (~300 tokens; 404k keyword tokens) cut from the
 * pdftotext output of the 34 CME PDFs, heading + text; the 30 questions of the reference eval set
 * × 10 rounds; 2 shared cores, Node 20. Figures from the quiet runs (load ≈ 1.6); with the machine
 * loaded (load 10–12) every figure grew 1.5–3× and the ranking stayed the same.
 *
 *   (c) own inverted index     build 190–310 ms (almost all of it tokenizing); query p50 0.25 ms,
 *                              p95 0.32–0.48 ms; file 1.9 MiB; load (read + JSON.parse + zod +
 *                              decode) 11–30 ms, against 170–300 ms to rebuild from the texts.
 *                              Exact float64 BM25; ties broken by chunk id over every match.
 *   (b) flexsearch + own BM25  build 425–770 ms; query p50 3.9–5.1 ms, p95 5.8–12 ms. flexsearch
 *                              only yields candidate ids, so scoring needs the same term and length
 *                              statistics as (c) anyway: two structures for one job. Top 10 equal
 *                              to (c) on 30/30 questions.
 *   (a) LanceDB native FTS     with its `simple` tokenizer `$134.50` becomes `134` + `50`: top 10
 *                              equal to (c) on 0/30. On a pre-tokenized column (our tokens, the
 *                              `whitespace` tokenizer): createIndex 45–75 ms plus our tokenizing;
 *                              query p50 1.1–1.9 ms, p95 2.8–3.7 ms, async only. Same BM25 formula,
 *                              but in float32: near-ties reorder and exact ties (byte-identical
 *                              documents) come back in row order, and `limit(k)` cuts before we
 *                              could break ties ourselves: top 10 equal to (c) on 26/30.
 *
 * So (c): 5–15× faster queries than (a)/(b), synchronous, exact, deterministic, cheap to load.
 */
import { Buffer } from 'node:buffer';
import { z } from 'zod';
import type { Chunk } from '../types.ts';
import { KEYWORD_TOKENIZER_VERSION, tokenizeKeywordPairs, tokenizeKeywords } from './tokenize-keywords.ts';

/** BM25 term-frequency saturation. */
const K1 = 1.2;
/** BM25 length normalisation. */
const B = 0.75;
/** The weight of a pair of adjacent words (`tokenizeKeywordPairs`) against a single word's 1. */
const PAIR_WEIGHT = 0.5;

/** What the manifest records as `keywordIndex.kind`. */
export const KEYWORD_INDEX_KIND = 'bm25-inverted-index';
/** What the manifest records as `keywordIndex.version`: the scoring and the tokenizer. */
export const KEYWORD_INDEX_VERSION = `bm25-k1.2-b0.75-pairs${PAIR_WEIGHT}+${KEYWORD_TOKENIZER_VERSION}`;

/** One document of the keyword index: a chunk id and the text to index (heading and chunk text). */
export interface KeywordEntry {
  chunkId: string;
  text: string;
}

/** The keyword entry of a chunk: its section heading, then its text (the text it is embedded with too). */
export function keywordEntryOf(chunk: Pick<Chunk, 'chunkId' | 'sectionHeading' | 'text'>): KeywordEntry {
  return { chunkId: chunk.chunkId, text: chunk.sectionHeading ? `${chunk.sectionHeading}\n${chunk.text}` : chunk.text };
}

/** True when a stored keyword index was built by the scoring and tokenizer of this code (else rebuild it from the chunks). */
export function isCurrentKeywordIndex(file: Pick<KeywordIndexFile, 'kind' | 'version'>): boolean {
  return file.kind === KEYWORD_INDEX_KIND && file.version === KEYWORD_INDEX_VERSION;
}

/** One keyword hit: a chunk and its BM25 score (> 0). */
export interface KeywordHit {
  chunkId: string;
  score: number;
}

/**
 * The keyword index file (`keyword-index.json`) as stored on disk. Postings are one base64 string of
 * little-endian uint32 pairs `[documentNumber, termFrequency]`, grouped by term in the order of
 * `terms`; term `i` owns pairs `postingOffsets[i]` to `postingOffsets[i + 1]` (exclusive).
 */
export const KeywordIndexFile = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.string().min(1),
    version: z.string().min(1),
    k1: z.number(),
    b: z.number(),
    chunkIds: z.array(z.string().min(1)),
    documentLengths: z.array(z.number().int().min(0)),
    terms: z.array(z.string().min(1)),
    postingOffsets: z.array(z.number().int().min(0)),
    postings: z.string(),
  })
  .strict();
export type KeywordIndexFile = z.infer<typeof KeywordIndexFile>;

/** A searchable BM25 index over chunk texts. */
export interface KeywordIndex {
  /** Number of indexed chunks. */
  readonly size: number;
  /** The `k` best chunks for `query` by BM25, score descending, ties by chunk id ascending. Chunks without any query term are never returned. */
  search(query: string, k: number): KeywordHit[];
  /** The index as the file content to store (`KeywordIndexFile`). */
  toFile(): KeywordIndexFile;
}

/**
 * Builds a BM25 index (k1 = 1.2, b = 0.75, idf = ln(1 + (N − n + 0.5) / (n + 0.5))) over `entries`,
 * words and pairs of adjacent words (`tokenizeKeywordPairs`, their idf weighted by `PAIR_WEIGHT`),
 * tokenized with `tokenizeKeywords`. Entry order does not matter: the index is the same for any order.
 */
export function createKeywordIndex(entries: readonly KeywordEntry[]): KeywordIndex {
  const sorted = [...entries].sort((left, right) => compareStrings(left.chunkId, right.chunkId));
  const chunkIds = sorted.map((entry) => entry.chunkId);
  for (let index = 1; index < chunkIds.length; index += 1) {
    if (chunkIds[index] === chunkIds[index - 1]) throw new Error(`createKeywordIndex: duplicate chunk id ${chunkIds[index]}`);
  }
  const documentLengths: number[] = [];
  const postingsByTerm = new Map<string, number[]>();
  sorted.forEach((entry, documentNumber) => {
    const tokens = tokenizeKeywords(entry.text);
    // The length counts words only: pairs add no length of their own.
    documentLengths.push(tokens.length);
    const frequencies = new Map<string, number>();
    for (const token of [...tokens, ...tokenizeKeywordPairs(entry.text)]) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
    for (const [term, frequency] of frequencies) {
      let postings = postingsByTerm.get(term);
      if (postings === undefined) {
        postings = [];
        postingsByTerm.set(term, postings);
      }
      postings.push(documentNumber, frequency);
    }
  });
  const postings = new Map<string, Uint32Array>();
  for (const [term, list] of postingsByTerm) postings.set(term, Uint32Array.from(list));
  return new InvertedIndex(chunkIds, Uint32Array.from(documentLengths), postings);
}

/**
 * Rebuilds a keyword index from its stored file content, already parsed with `KeywordIndexFile`.
 * Throws when the content is inconsistent (the caller turns that into `index_corrupt`) or was built
 * with another scoring or tokenizer version (the caller asks for a re-ingest).
 */
export function loadKeywordIndex(file: KeywordIndexFile): KeywordIndex {
  if (!isCurrentKeywordIndex(file)) {
    throw new Error(`keyword index ${file.kind} ${file.version} is not ${KEYWORD_INDEX_KIND} ${KEYWORD_INDEX_VERSION}`);
  }
  if (file.documentLengths.length !== file.chunkIds.length) throw new Error('keyword index: documentLengths and chunkIds differ in length');
  if (file.postingOffsets.length !== file.terms.length + 1) throw new Error('keyword index: postingOffsets must have one more entry than terms');
  const bytes = Buffer.from(file.postings, 'base64');
  if (bytes.length % 8 !== 0) throw new Error('keyword index: postings are not whole [document, frequency] pairs');
  const aligned = new Uint8Array(bytes.length);
  aligned.set(bytes);
  const all = new Uint32Array(aligned.buffer);
  if (!isLittleEndian()) Buffer.from(aligned.buffer).swap32();
  const pairCount = all.length / 2;
  const postings = new Map<string, Uint32Array>();
  for (let index = 0; index < file.terms.length; index += 1) {
    const start = file.postingOffsets[index] ?? 0;
    const end = file.postingOffsets[index + 1] ?? 0;
    if (start > end || end > pairCount) throw new Error(`keyword index: bad posting offsets for term ${index}`);
    const slice = all.subarray(start * 2, end * 2);
    for (let at = 0; at < slice.length; at += 2) {
      if ((slice[at] ?? 0) >= file.chunkIds.length) throw new Error('keyword index: posting names a document out of range');
    }
    postings.set(file.terms[index] ?? '', slice);
  }
  if ((file.postingOffsets.at(-1) ?? 0) !== pairCount) throw new Error('keyword index: postings longer than their offsets');
  return new InvertedIndex(file.chunkIds, Uint32Array.from(file.documentLengths), postings);
}

class InvertedIndex implements KeywordIndex {
  readonly size: number;
  readonly #chunkIds: readonly string[];
  readonly #documentLengths: Uint32Array;
  readonly #postings: ReadonlyMap<string, Uint32Array>;
  /** `k1 · (1 − b + b · length / averageLength)` per document, computed once. */
  readonly #lengthNorms: Float64Array;

  constructor(chunkIds: readonly string[], documentLengths: Uint32Array, postings: ReadonlyMap<string, Uint32Array>) {
    this.size = chunkIds.length;
    this.#chunkIds = chunkIds;
    this.#documentLengths = documentLengths;
    this.#postings = postings;
    let total = 0;
    for (const length of documentLengths) total += length;
    const averageLength = this.size === 0 || total === 0 ? 1 : total / this.size;
    this.#lengthNorms = new Float64Array(this.size);
    for (let index = 0; index < this.size; index += 1) {
      this.#lengthNorms[index] = K1 * (1 - B + (B * (documentLengths[index] ?? 0)) / averageLength);
    }
  }

  search(query: string, k: number): KeywordHit[] {
    if (k <= 0 || this.size === 0) return [];
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    // Each distinct query term counts once, summed in query order so the float sum is reproducible.
    const pairs = new Set(tokenizeKeywordPairs(query));
    for (const term of new Set([...tokenizeKeywords(query), ...pairs])) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const documentFrequency = postings.length / 2;
      const idf = (pairs.has(term) ? PAIR_WEIGHT : 1) * Math.log(1 + (this.size - documentFrequency + 0.5) / (documentFrequency + 0.5));
      for (let at = 0; at < postings.length; at += 2) {
        const documentNumber = postings[at] ?? 0;
        const frequency = postings[at + 1] ?? 0;
        if (scores[documentNumber] === 0) touched.push(documentNumber);
        scores[documentNumber] = (scores[documentNumber] ?? 0) + (idf * frequency * (K1 + 1)) / (frequency + (this.#lengthNorms[documentNumber] ?? K1));
      }
    }
    // Document numbers follow chunk-id order, so a tie on score is broken by chunk id through them.
    touched.sort((left, right) => (scores[right] ?? 0) - (scores[left] ?? 0) || left - right);
    return touched.slice(0, k).map((documentNumber) => ({
      chunkId: this.#chunkIds[documentNumber] ?? '',
      score: scores[documentNumber] ?? 0,
    }));
  }

  toFile(): KeywordIndexFile {
    const terms = [...this.#postings.keys()].sort(compareStrings);
    const postingOffsets = [0];
    let pairs = 0;
    for (const term of terms) {
      pairs += (this.#postings.get(term)?.length ?? 0) / 2;
      postingOffsets.push(pairs);
    }
    const all = new Uint32Array(pairs * 2);
    let at = 0;
    for (const term of terms) {
      const postings = this.#postings.get(term) ?? new Uint32Array();
      all.set(postings, at);
      at += postings.length;
    }
    const bytes = Buffer.from(all.buffer, all.byteOffset, all.byteLength);
    const littleEndian = isLittleEndian() ? bytes : Buffer.from(bytes).swap32();
    return {
      schemaVersion: 1,
      kind: KEYWORD_INDEX_KIND,
      version: KEYWORD_INDEX_VERSION,
      k1: K1,
      b: B,
      chunkIds: [...this.#chunkIds],
      documentLengths: [...this.#documentLengths],
      terms,
      postingOffsets,
      postings: littleEndian.toString('base64'),
    };
  }
}

/** Code-unit order, independent of locale, so ids sort the same everywhere. */
function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function isLittleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}
