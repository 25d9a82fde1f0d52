import type { ExtractionOutcome } from '../types.ts';

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads a plain-text file as strict UTF-8 into a single page 1: a byte-order mark is dropped and
 * CRLF/CR line ends become LF; nothing else changes. Invalid UTF-8 gives `corrupt`, naming the line
 * and byte offset of the first bad byte; an empty or whitespace-only file gives `empty`.
 */
export function extractText(bytes: Uint8Array): ExtractionOutcome {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = findInvalidUtf8(bytes);
    const line = countLine(bytes, offset);
    return {
      status: 'skipped',
      reason: 'corrupt',
      message: `the file is not valid UTF-8: line ${line}, byte offset ${offset} (0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')}); re-save the file as UTF-8`,
    };
  }
  const text = (decoded.startsWith(BYTE_ORDER_MARK) ? decoded.slice(1) : decoded).replace(/\r\n?/gu, '\n');
  if (text.trim() === '') {
    return {
      status: 'skipped',
      reason: 'empty',
      message: bytes.length === 0 ? 'the file is empty (0 bytes)' : 'the file holds only whitespace; add the text or remove the file',
    };
  }
  return { status: 'extracted', document: { format: 'txt', pages: [{ page: 1, text }], headings: [], warnings: [] } };
}

/** 0-based offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function findInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index);
    if (length === 0) return index;
    index += length;
  }
  return bytes.length;
}

/**
 * Length of the well-formed UTF-8 sequence starting at `index`, or 0 when it is malformed
 * (the ranges of the Unicode standard's table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
 */
function sequenceLength(bytes: Uint8Array, index: number): number {
  const first = bytes[index] ?? 0;
  if (first <= 0x7f) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) length = 2;
  else if (first >= 0xe0 && first <= 0xef) {
    length = 3;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    length = 4;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else return 0;
  for (let offset = 1; offset < length; offset += 1) {
    const byte = bytes[index + offset];
    if (byte === undefined) return 0;
    if (offset === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return 0;
  }
  return length;
}

/**
 * 1-based line of the byte at `offset`. A truncated or broken sequence reports its lead byte, so
 * counting LF (and lone CR) bytes before it is exact: those bytes never occur inside a sequence.
 */
function countLine(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index += 1) {
    const byte = bytes[index];
    if (byte === 0x0a || (byte === 0x0d && bytes[index + 1] !== 0x0a)) line += 1;
  }
  return line;
}
