import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { decodeSignedHeader, encodeSignedHeader, isLittleEndian, readWords } from '../corpus/index.ts';
import { createStoredKeywordIndex, type KeywordIndex, type KeywordIndexParts, type KeywordIndexReader } from './keyword-index.ts';

/*
 * `keyword-index.bin`: the keyword index in a form that opens without parsing. Layout (every number
 * a little-endian uint32):
 *
 *   "CGKW" | header length H | header: JSON (`KeywordIndexHeader`), space-padded to a multiple of 4
 *   documentLengths[documents] | chunkIdEnds[documents] | termEnds[terms] | postingEnds[terms]
 *   postings[2 × pairs]: [documentNumber, termFrequency] per pair, grouped by term
 *   chunk ids (UTF-8, concatenated; id i ends at byte chunkIdEnds[i]) | terms (UTF-8, likewise)
 *
 * Opening reads the file and takes typed-array views of it; a term is found by binary search over
 * the sorted terms, decoded one at a time, so nothing is built per term. The JSON form it replaces
 * (store format 2: base64 postings, arrays of strings) took most of an index's open time: JSON.parse
 * plus zod over every term and id, then a Map of every term.
 */

const MAGIC = 'CGKW';

/** The header of `keyword-index.bin`: what the sections hold and how many. */
export const KeywordIndexHeader = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.string().min(1),
    version: z.string().min(1),
    documents: z.number().int().min(0),
    terms: z.number().int().min(0),
    pairs: z.number().int().min(0),
    chunkIdBytes: z.number().int().min(0),
    termBytes: z.number().int().min(0),
  })
  .strict();
export type KeywordIndexHeader = z.infer<typeof KeywordIndexHeader>;

/** The bytes of `keyword-index.bin` for `index`, built by the scoring `kind` `version`. */
export function encodeKeywordIndex(index: KeywordIndex, kind: string, version: string): Buffer {
  return encodeKeywordIndexParts(index.toParts(), kind, version);
}

/**
 * The bytes of `keyword-index.bin` for built content (`KeywordIndexBuilder.finish`), written into
 * one buffer of the file's size (at 100× the corpus the postings alone are 74 MB: no section is
 * copied twice).
 */
export function encodeKeywordIndexParts(parts: KeywordIndexParts, kind: string, version: string): Buffer {
  const chunkIds = utf8WithEnds(parts.chunkIds);
  const terms = utf8WithEnds(parts.terms);
  const header: KeywordIndexHeader = {
    schemaVersion: 1,
    kind,
    version,
    documents: parts.chunkIds.length,
    terms: parts.terms.length,
    pairs: parts.postings.length / 2,
    chunkIdBytes: chunkIds.bytes.length,
    termBytes: terms.bytes.length,
  };
  const signedHeader = encodeSignedHeader(MAGIC, header);
  const numbers = [parts.documentLengths, chunkIds.ends, terms.ends, parts.postingEnds, parts.postings];
  const numberBytes = numbers.reduce((total, values) => total + values.byteLength, 0);
  const file = Buffer.allocUnsafe(signedHeader.length + numberBytes + chunkIds.bytes.length + terms.bytes.length);
  let at = signedHeader.copy(file, 0);
  for (const values of numbers) at += Buffer.from(values.buffer, values.byteOffset, values.byteLength).copy(file, at);
  if (!isLittleEndian()) file.subarray(signedHeader.length, at).swap32();
  at += chunkIds.bytes.copy(file, at);
  terms.bytes.copy(file, at);
  return file;
}

/**
 * The keyword index stored in `bytes` (`encodeKeywordIndex`). Throws a plain Error saying what is
 * wrong when the bytes are not a whole, consistent keyword index (the caller reports the file as
 * damaged); the header is returned with it so that an index of an older scoring or tokenizer
 * (`isCurrentKeywordIndex` false) can be rebuilt by the caller instead. `load` checks the offsets;
 * a term's postings are checked when the term is first searched (at 100× the corpus, checking all
 * 9 million at load was a fifth of an open), and `damaged` makes the error thrown then (default: a
 * plain Error with the problem).
 */
export function decodeKeywordIndex(bytes: Uint8Array): { header: KeywordIndexHeader; load(damaged?: (problem: string) => Error): KeywordIndex } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { header, sectionsStart: numbersStart } = decodeSignedHeader(buffer, MAGIC, 'a keyword index file', KeywordIndexHeader);
  const { documents, terms, pairs } = header;
  const numberCount = documents * 2 + terms * 2 + pairs * 2;
  const idsStart = numbersStart + numberCount * 4;
  const termsStart = idsStart + header.chunkIdBytes;
  if (termsStart + header.termBytes !== buffer.length) {
    throw new Error(`is ${buffer.length} bytes, its header describes ${termsStart + header.termBytes}: truncated or damaged`);
  }
  return {
    header,
    load(damaged = (problem: string) => new Error(problem)) {
      const numbers = readWords(buffer, numbersStart, numberCount);
      let at = 0;
      const take = (length: number) => numbers.subarray(at, (at += length));
      const documentLengths = take(documents);
      const chunkIdEnds = take(documents);
      const termEnds = take(terms);
      const postingEnds = take(terms);
      const postings = take(pairs * 2);
      checkEnds(chunkIdEnds, header.chunkIdBytes, 'chunk id');
      checkEnds(termEnds, header.termBytes, 'term');
      checkEnds(postingEnds, pairs, 'posting');
      const checkedTerms = new Uint8Array(terms);
      const postingsAt = (index: number) => {
        const termPostings = postings.subarray((index === 0 ? 0 : postingEnds[index - 1]!) * 2, postingEnds[index]! * 2);
        if (checkedTerms[index] === 0) {
          for (let at = 0; at < termPostings.length; at += 2) {
            if (termPostings[at]! >= documents) throw damaged(`has a posting that names a document out of range (term ${JSON.stringify(termAt(index))})`);
          }
          checkedTerms[index] = 1;
        }
        return termPostings;
      };
      const idBytes = buffer.subarray(idsStart, termsStart);
      const termBytes = buffer.subarray(termsStart);
      const chunkIdOf = (documentNumber: number) => idBytes.toString('utf8', documentNumber === 0 ? 0 : chunkIdEnds[documentNumber - 1], chunkIdEnds[documentNumber]);
      const termAt = (index: number) => termBytes.toString('utf8', index === 0 ? 0 : termEnds[index - 1], termEnds[index]);
      const reader: KeywordIndexReader = {
        size: documents,
        documentLengths,
        chunkIdOf,
        postingsOf(term) {
          const index = findSorted(terms, termAt, term);
          return index < 0 ? undefined : postingsAt(index);
        },
      };
      const parts = (): KeywordIndexParts => {
        for (let index = 0; index < terms; index += 1) postingsAt(index);
        return {
          chunkIds: Array.from({ length: documents }, (_, index) => chunkIdOf(index)),
          documentLengths: Uint32Array.from(documentLengths),
          terms: Array.from({ length: terms }, (_, index) => termAt(index)),
          postingEnds: Uint32Array.from(postingEnds),
          postings: Uint32Array.from(postings),
        };
      };
      return createStoredKeywordIndex(header.kind, header.version, reader, parts);
    },
  };
}

/** The position of `wanted` among `count` strings in code-unit order (`at(i)` is the i-th), or −1. */
function findSorted(count: number, at: (index: number) => string, wanted: string): number {
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = at(middle);
    if (value === wanted) return middle;
    if (value < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function checkEnds(ends: Uint32Array, total: number, what: string): void {
  let previous = 0;
  for (const end of ends) {
    if (end < previous) throw new Error(`has ${what} offsets that go backwards`);
    previous = end;
  }
  if (ends.length > 0 && previous !== total) throw new Error(`has ${what} offsets that end at ${previous}, not ${total}`);
  if (ends.length === 0 && total !== 0) throw new Error(`has ${total} ${what} bytes or pairs but no ${what}s`);
}

function utf8WithEnds(values: readonly string[]): { bytes: Buffer; ends: Uint32Array } {
  const encoded = values.map((value) => Buffer.from(value, 'utf8'));
  const ends = new Uint32Array(values.length);
  let total = 0;
  encoded.forEach((bytes, index) => {
    total += bytes.length;
    ends[index] = total;
  });
  return { bytes: Buffer.concat(encoded), ends };
}
