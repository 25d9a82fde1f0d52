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
import type { Chunk } from '../types.ts';
import { createKeywordIndexBuilder } from './create-keyword-index-builder.ts';
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
export function isCurrentKeywordIndex(file: { kind: string; version: string }): boolean {
  return file.kind === KEYWORD_INDEX_KIND && file.version === KEYWORD_INDEX_VERSION;
}

/** One keyword hit: a chunk and its BM25 score (> 0). */
export interface KeywordHit {
  chunkId: string;
  score: number;
}

/**
 * The content of a keyword index, as `keyword-index-file.ts` stores it: chunk ids in code-unit order
 * (a document's number is its position), each document's length in words, the terms in code-unit
 * order, and per term its postings: `[documentNumber, termFrequency]` pairs in one array, term `i`
 * owning pairs `postingEnds[i − 1]` (0 for the first) to `postingEnds[i]` (exclusive).
 */
export interface KeywordIndexParts {
  chunkIds: readonly string[];
  documentLengths: Uint32Array;
  terms: readonly string[];
  postingEnds: Uint32Array;
  postings: Uint32Array;
}

/** How a loaded index reads its content without building it in memory: by document number and by term. */
export interface KeywordIndexReader {
  size: number;
  documentLengths: Uint32Array;
  chunkIdOf(documentNumber: number): string;
  /** The term's postings, or undefined when no document holds it. */
  postingsOf(term: string): Uint32Array | undefined;
}

/** A searchable BM25 index over chunk texts. */
export interface KeywordIndex {
  /** Number of indexed chunks. */
  readonly size: number;
  /** The `k` best chunks for `query` by BM25, score descending, ties by chunk id ascending. Chunks without any query term are never returned. */
  search(query: string, k: number): KeywordHit[];
  /** The chunk id of document `documentNumber` (0 to `size` − 1, in chunk-id order). */
  chunkIdOf(documentNumber: number): string;
  /** The index's content, to store (`encodeKeywordIndex`). */
  toParts(): KeywordIndexParts;
}

/**
 * Builds a BM25 index (k1 = 1.2, b = 0.75, idf = ln(1 + (N − n + 0.5) / (n + 0.5))) over `entries`,
 * words and pairs of adjacent words (`tokenizeKeywordPairs`, their idf weighted by `PAIR_WEIGHT`),
 * tokenized with `tokenizeKeywords`. Entry order does not matter: the index is the same for any order.
 */
export function createKeywordIndex(entries: readonly KeywordEntry[]): KeywordIndex {
  const builder = createKeywordIndexBuilder();
  for (const entry of entries) builder.add(entry);
  return createKeywordIndexOfParts(builder.finish());
}

/** A searchable index over built content (`KeywordIndexBuilder.finish`). */
export function createKeywordIndexOfParts(parts: KeywordIndexParts): KeywordIndex {
  const postings = new Map<string, Uint32Array>();
  parts.terms.forEach((term, index) => {
    postings.set(term, parts.postings.subarray((index === 0 ? 0 : parts.postingEnds[index - 1]!) * 2, parts.postingEnds[index]! * 2));
  });
  const reader: KeywordIndexReader = {
    size: parts.chunkIds.length,
    documentLengths: parts.documentLengths,
    chunkIdOf: (documentNumber) => parts.chunkIds[documentNumber] ?? '',
    postingsOf: (term) => postings.get(term),
  };
  return new InvertedIndex(reader, () => parts);
}

/**
 * A keyword index over stored content read through `reader` (see `decodeKeywordIndex`). Throws when
 * the content was built with another scoring or tokenizer version (the caller rebuilds it).
 */
export function createStoredKeywordIndex(kind: string, version: string, reader: KeywordIndexReader, parts: () => KeywordIndexParts): KeywordIndex {
  if (!isCurrentKeywordIndex({ kind, version })) throw new Error(`keyword index ${kind} ${version} is not ${KEYWORD_INDEX_KIND} ${KEYWORD_INDEX_VERSION}`);
  return new InvertedIndex(reader, parts);
}

class InvertedIndex implements KeywordIndex {
  readonly size: number;
  readonly #reader: KeywordIndexReader;
  readonly #parts: () => KeywordIndexParts;
  /** `k1 · (1 − b + b · length / averageLength)` per document, computed once. */
  readonly #lengthNorms: Float64Array;

  constructor(reader: KeywordIndexReader, parts: () => KeywordIndexParts) {
    this.size = reader.size;
    this.#reader = reader;
    this.#parts = parts;
    const documentLengths = reader.documentLengths;
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
      const postings = this.#reader.postingsOf(term);
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
      chunkId: this.#reader.chunkIdOf(documentNumber),
      score: scores[documentNumber] ?? 0,
    }));
  }

  chunkIdOf(documentNumber: number): string {
    return this.#reader.chunkIdOf(documentNumber);
  }

  toParts(): KeywordIndexParts {
    return this.#parts();
  }
}
