import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('extractText', () => {
  it('keeps the text as it is, on one page', () => {
    expect(extractText(utf8('Unit of Count: Device\n€134.50 — Real Time\n'))).toEqual({
      status: 'extracted',
      document: { format: 'txt', pages: [{ page: 1, text: 'Unit of Count: Device\n€134.50 — Real Time\n' }], headings: [], warnings: [] },
    });
  });

  it('drops a byte-order mark and turns CRLF and CR line ends into LF', () => {
    const outcome = extractText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('one\r\ntwo\rthree\n')]));
    expect(outcome.status === 'extracted' && outcome.document.pages[0]?.text).toBe('one\ntwo\nthree\n');
  });

  it('names the line and byte offset of the first invalid byte', () => {
    const bytes = new Uint8Array([...utf8('first line\r\nsecond line\nthird '), 0xff, ...utf8(' line\n'), 0xc3]);
    expect(extractText(bytes)).toEqual({
      status: 'skipped',
      reason: 'corrupt',
      message: 'the file is not valid UTF-8: line 3, byte offset 30 (0xff); re-save the file as UTF-8',
    });
  });

  it('counts a lone CR as a line end when locating a bad byte', () => {
    const outcome = extractText(new Uint8Array([...utf8('a\rb\r'), 0x80]));
    expect(outcome.status === 'skipped' && outcome.message).toContain('line 3, byte offset 4 (0x80)');
  });

  it('rejects what a lenient decoder would accept: overlong forms, surrogates, a sequence cut short', () => {
    for (const [bytes, offset] of [
      [[0x41, 0xc0, 0xaf], 1],
      [[0x41, 0x42, 0xed, 0xa0, 0x80], 2],
      [[0x41, 0xe2, 0x82], 1],
      [[0xf4, 0x90, 0x80, 0x80], 0],
    ] as const) {
      const outcome = extractText(new Uint8Array(bytes));
      expect(outcome).toMatchObject({ status: 'skipped', reason: 'corrupt' });
      expect(outcome.status === 'skipped' && outcome.message).toContain(`line 1, byte offset ${offset} `);
    }
  });

  it('reports an empty or whitespace-only file as empty', () => {
    expect(extractText(new Uint8Array())).toMatchObject({ status: 'skipped', reason: 'empty' });
    expect(extractText(utf8('\uFEFF \r\n\t\n'))).toMatchObject({ status: 'skipped', reason: 'empty' });
  });
});
