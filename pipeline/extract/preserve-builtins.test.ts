import { describe, expect, it } from 'vitest';

describe('restoreBuiltins', () => {
  it('leaves JSON, Array.prototype.push and globalThis as they were before pdfjs loaded', async () => {
    const { stringify, parse } = JSON;
    const { push } = Array.prototype;
    const hadSelf = Object.prototype.hasOwnProperty.call(globalThis, 'self');
    const { extractPdf } = await import('./extract-pdf.ts');
    expect(typeof extractPdf).toBe('function');
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
    expect(Array.prototype.push).toBe(push);
    expect(Object.prototype.hasOwnProperty.call(globalThis, 'self')).toBe(hadSelf);
    // What pdfjs needs and Node 20 lacks stays added.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
    const { restoreBuiltins } = await import('./preserve-builtins.ts');
    expect(restoreBuiltins()).toEqual([]);
  });
});
