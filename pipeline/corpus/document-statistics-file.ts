import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { decodeSignedHeader, encodeSignedHeader, littleEndianWords, readWords } from './signed-binary-file.ts';

/*
 * `document-statistics.bin`: the per-document and per-chunk part of a source's corpus statistics, in
 * a form that opens without parsing (store format 5). Layout (every number a little-endian uint32):
 *
 *   "CGDS" | header length H | header: JSON (`DocumentStatisticsHeader`), space-padded to a multiple of 4
 *   ends[3 × documents]: per document, where its stems, its [stem, chunks holding it] pairs and its
 *                        opening's stems end in `numbers` (each range starts where the previous ends)
 *   chunkDocuments[chunks]: per chunk, in index order, the position of its document
 *   numbers[numbers]: stem numbers (positions in `corpus-statistics.json`'s `stems`) and counts
 *   chunk ids: UTF-8, in index order, each followed by "\n"
 *
 * These arrays were most of `corpus-statistics.json` (14 of 16 MB at 100× the CME corpus) and most of
 * an open's time (JSON.parse, then a check of every number); read as typed-array views they cost a
 * file read, and a document's numbers are decoded when a question first asks about the document.
 */

const MAGIC = 'CGDS';

/** The header of `document-statistics.bin`: how many of each section it holds. */
export const DocumentStatisticsHeader = z
  .object({
    schemaVersion: z.literal(1),
    documents: z.number().int().min(0),
    chunks: z.number().int().min(0),
    numbers: z.number().int().min(0),
    chunkIdBytes: z.number().int().min(0),
  })
  .strict();
export type DocumentStatisticsHeader = z.infer<typeof DocumentStatisticsHeader>;

/** One document's counts as stored: stem numbers, `[stem, chunks holding it]` pairs, and its opening's stem numbers. */
export interface StoredDocumentCounts {
  stems: ArrayLike<number>;
  holding: ArrayLike<number>;
  opening: ArrayLike<number>;
}

/** What `document-statistics.bin` holds, as the builder gives it. */
export interface DocumentStatistics {
  /** Per document, in index order. */
  documents: readonly StoredDocumentCounts[];
  /** Per chunk, in index order: the position of its document in `documents`. */
  chunkDocuments: readonly number[];
  /** Every chunk id, in index order (none holds a line break). */
  chunkIds: readonly string[];
}

/** `document-statistics.bin` read back: the per-chunk arrays decoded, each document's numbers a view decoded by `documentAt`. */
export interface DecodedDocumentStatistics {
  header: DocumentStatisticsHeader;
  chunkIds: readonly string[];
  chunkDocuments: readonly number[];
  /** The stored counts of the document at `position` (views into the file's bytes). */
  documentAt(position: number): StoredDocumentCounts;
}

/** The bytes of `document-statistics.bin`. Throws when a chunk id holds a line break (ids are separated by them). */
export function encodeDocumentStatistics(statistics: DocumentStatistics): Buffer {
  const { documents, chunkDocuments, chunkIds } = statistics;
  const broken = chunkIds.find((chunkId) => chunkId.includes('\n'));
  if (broken !== undefined) throw new Error(`chunk id ${JSON.stringify(broken)} holds a line break`);
  const ids = Buffer.from(chunkIds.map((chunkId) => `${chunkId}\n`).join(''), 'utf8');
  const ends = new Uint32Array(documents.length * 3);
  let total = 0;
  documents.forEach((document, position) => {
    [document.stems, document.holding, document.opening].forEach((numbers, part) => {
      total += numbers.length;
      ends[position * 3 + part] = total;
    });
  });
  const numbers = new Uint32Array(ends.length + chunkDocuments.length + total);
  numbers.set(ends, 0);
  numbers.set(chunkDocuments, ends.length);
  let at = ends.length + chunkDocuments.length;
  for (const document of documents) {
    for (const part of [document.stems, document.holding, document.opening]) {
      numbers.set(part, at);
      at += part.length;
    }
  }
  const header: DocumentStatisticsHeader = { schemaVersion: 1, documents: documents.length, chunks: chunkDocuments.length, numbers: total, chunkIdBytes: ids.length };
  return Buffer.concat([encodeSignedHeader(MAGIC, header), littleEndianWords(numbers), ids]);
}

/**
 * The document statistics stored in `bytes` (`encodeDocumentStatistics`). Checked at once: the
 * header, the size, the offsets, every chunk's document and id; a document's stem numbers (below
 * `stemCount`) when `documentAt` first reads it, so an open does not walk all of them (4.4 million at
 * 100× the corpus). Throws a plain Error saying what is wrong (the caller names the file); `damaged`
 * makes the error `documentAt` throws (default: a plain Error with the problem).
 */
export function decodeDocumentStatistics(bytes: Uint8Array, stemCount: number, damaged = (problem: string) => new Error(problem)): DecodedDocumentStatistics {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { header, sectionsStart: numbersStart } = decodeSignedHeader(buffer, MAGIC, 'a document statistics file', DocumentStatisticsHeader);
  const numberCount = header.documents * 3 + header.chunks + header.numbers;
  const idsStart = numbersStart + numberCount * 4;
  if (idsStart + header.chunkIdBytes !== buffer.length) {
    throw new Error(`is ${buffer.length} bytes, its header describes ${idsStart + header.chunkIdBytes}: truncated or damaged`);
  }
  const all = readWords(buffer, numbersStart, numberCount);
  const ends = all.subarray(0, header.documents * 3);
  const chunkDocuments = all.subarray(ends.length, ends.length + header.chunks);
  const numbers = all.subarray(ends.length + header.chunks);
  let previous = 0;
  for (const end of ends) {
    if (end < previous) throw new Error('has document offsets that go backwards');
    previous = end;
  }
  if (previous !== header.numbers) throw new Error(`has document offsets that end at ${previous}, not ${header.numbers}`);
  for (let position = 0; position < header.documents; position += 1) {
    if ((ends[position * 3 + 1]! - ends[position * 3]!) % 2 !== 0) throw new Error(`has an odd count of [stem, chunks] numbers for document ${position}`);
  }
  for (const document of chunkDocuments) if (document >= header.documents) throw new Error(`names a document past the ${header.documents} documents`);
  const chunkIds = buffer.toString('utf8', idsStart).split('\n');
  if (chunkIds.pop() !== '' || chunkIds.length !== header.chunks) throw new Error(`holds ${chunkIds.length} chunk ids, its header says ${header.chunks}`);
  if (chunkIds.includes('')) throw new Error('holds an empty chunk id');
  const documentsChecked = new Uint8Array(header.documents);
  return {
    header,
    chunkIds,
    chunkDocuments: Array.from(chunkDocuments),
    documentAt(position) {
      const start = position === 0 ? 0 : ends[position * 3 - 1]!;
      const [stemsEnd, holdingEnd, openingEnd] = [ends[position * 3]!, ends[position * 3 + 1]!, ends[position * 3 + 2]!];
      if (documentsChecked[position] === 0) {
        for (let at = start; at < openingEnd; at += 1) {
          const isCount = at >= stemsEnd && at < holdingEnd && (at - stemsEnd) % 2 === 1;
          if (!isCount && numbers[at]! >= stemCount) throw damaged(`refers to a stem past the ${stemCount} stems (document ${position})`);
        }
        documentsChecked[position] = 1;
      }
      return { stems: numbers.subarray(start, stemsEnd), holding: numbers.subarray(stemsEnd, holdingEnd), opening: numbers.subarray(holdingEnd, openingEnd) };
    },
  };
}
