import { Buffer } from 'node:buffer';
import { z } from 'zod';

/**
 * The layout the index's binary files share: a four-letter signature, the length of a JSON header
 * (padded with spaces to a multiple of 4 bytes), the header, then uint32 sections in little-endian
 * order and any byte sections. These helpers write and read the signature and header; each file
 * describes its own sections in its header.
 */

/** The signature, header length and padded JSON header of a file signed `magic`. */
export function encodeSignedHeader(magic: string, header: object): Buffer {
  let headerText = JSON.stringify(header);
  headerText += ' '.repeat((4 - (Buffer.byteLength(headerText) % 4)) % 4);
  const prefix = Buffer.alloc(8);
  prefix.write(magic, 0, 'latin1');
  prefix.writeUInt32LE(Buffer.byteLength(headerText), 4);
  return Buffer.concat([prefix, Buffer.from(headerText)]);
}

/** uint32 values as little-endian bytes (swapped on a big-endian machine). */
export function littleEndianWords(words: Uint32Array): Buffer {
  const bytes = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
  if (!isLittleEndian()) bytes.swap32();
  return bytes;
}

/**
 * Reads the signature and header of a file signed `magic` (`what`: the file's kind, for the errors,
 * `a keyword index file`) and checks the header with `schema`. Returns the header and where the
 * sections begin. Throws a plain Error saying what is wrong (the caller names the file).
 */
export function decodeSignedHeader<T>(buffer: Buffer, magic: string, what: string, schema: z.ZodType<T>): { header: T; sectionsStart: number } {
  if (buffer.length < 8 || buffer.toString('latin1', 0, 4) !== magic) throw new Error(`is not ${what} (no ${magic} signature)`);
  const headerLength = buffer.readUInt32LE(4);
  if (headerLength % 4 !== 0 || 8 + headerLength > buffer.length) throw new Error('has a truncated header');
  let parsedHeader: unknown;
  try {
    parsedHeader = JSON.parse(buffer.toString('utf8', 8, 8 + headerLength));
  } catch (error) {
    throw new Error(`has a header that is not JSON (${(error as Error).message})`);
  }
  const checked = schema.safeParse(parsedHeader);
  if (!checked.success) throw new Error(`has an invalid header:\n${z.prettifyError(checked.error)}`);
  return { header: checked.data, sectionsStart: 8 + headerLength };
}

/** Whether this machine stores numbers little-endian (the files are little-endian on every machine). */
export function isLittleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}

/**
 * `count` uint32 values stored little-endian from byte `start` of `buffer`: a view when the bytes
 * are 4-byte aligned on a little-endian machine (a file read whole usually is), else a copy (a slice
 * of a pooled buffer may not be).
 */
export function readWords(buffer: Buffer, start: number, count: number): Uint32Array {
  if ((buffer.byteOffset + start) % 4 === 0 && isLittleEndian()) return new Uint32Array(buffer.buffer, buffer.byteOffset + start, count);
  const copy = Buffer.from(buffer.subarray(start, start + count * 4));
  if (!isLittleEndian()) copy.swap32();
  return new Uint32Array(copy.buffer, copy.byteOffset, count);
}
