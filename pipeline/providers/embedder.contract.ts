import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.ts';

/** What a contract setup provides: the embedder under test and how to release what it started. */
export interface EmbedderContractSubject {
  embedder: Embedder;
  /** How many texts the implementation sends per batch, when it batches; the order test goes past it. */
  batchSize?: number;
  teardown?: () => Promise<void>;
}

const SAMPLE_TEXTS = [
  'Real Time Display Device fee: $134.50 per Device per month.',
  'Non-Professional Depth of Market, Device, $12.10',
  'Category A1 – Trading As a Principal, Enterprise (4+ Applications), Licensee Group, $3,640',
  'The Licensee shall retain records for five (5) years for audit purposes.',
  'Subscriber: a person or entity that receives CME Licensed Information through a Distributor.',
  'Fees are subject to an automatic annual increase on January 1 of each year.',
  'Delayed Information is Information released at least ten minutes after it was made public.',
  'The Subscriber Addendum makes CME a third-party beneficiary entitled to enforce its terms.',
  'Historical2 Licensee Group $35,220',
  'Über-résumé café — ﬁnal ＦＵＬＬＷＩＤＴＨ text, 2026.',
];

/**
 * Registers the tests every `Embedder` implementation must pass (vectors of `info.dimensions`,
 * L2-normalised, deterministic to the byte, input order kept past the batch size, `embedQuery`
 * equal to a one-text `embedDocuments`, an empty list embedding to `[]`). `setup` runs once before
 * the tests and its `teardown` once after them.
 */
export function describeEmbedderContract(name: string, setup: () => Promise<EmbedderContractSubject>): void {
  describe(`Embedder contract: ${name}`, () => {
    let subject: EmbedderContractSubject;

    beforeAll(async () => {
      subject = await setup();
    });

    afterAll(async () => {
      await subject?.teardown?.();
    });

    it('describes itself with a name, model, version and positive integer dimensions', () => {
      const { info } = subject.embedder;
      expect(info.name).not.toBe('');
      expect(info.model).not.toBe('');
      expect(info.version).not.toBe('');
      expect(Number.isInteger(info.dimensions) && info.dimensions > 0).toBe(true);
    });

    it('returns one Float32Array of info.dimensions numbers per text', async () => {
      const vectors = await subject.embedder.embedDocuments(SAMPLE_TEXTS);
      expect(vectors).toHaveLength(SAMPLE_TEXTS.length);
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector.length).toBe(subject.embedder.info.dimensions);
      }
      const query = await subject.embedder.embedQuery(SAMPLE_TEXTS[0]!);
      expect(query).toBeInstanceOf(Float32Array);
      expect(query.length).toBe(subject.embedder.info.dimensions);
    });

    it('returns L2-normalised vectors of finite numbers', async () => {
      const vectors = await subject.embedder.embedDocuments(SAMPLE_TEXTS);
      for (const vector of [...vectors, await subject.embedder.embedQuery('What is the real-time display device fee?')]) {
        expect(vector.every(Number.isFinite)).toBe(true);
        expect(Math.abs(norm(vector) - 1)).toBeLessThan(1e-5);
      }
    });

    it('is deterministic: the same text gives identical bytes on every call', async () => {
      const first = await subject.embedder.embedDocuments(SAMPLE_TEXTS);
      const second = await subject.embedder.embedDocuments(SAMPLE_TEXTS);
      for (let index = 0; index < SAMPLE_TEXTS.length; index += 1) {
        expect(bytesOf(second[index]!)).toEqual(bytesOf(first[index]!));
      }
    });

    it('keeps input order across a list longer than the batch size', async () => {
      const count = Math.max(3 * (subject.batchSize ?? 8) + 1, 25);
      const texts = Array.from({ length: count }, (_, index) => `${SAMPLE_TEXTS[index % SAMPLE_TEXTS.length]} (clause ${index + 1})`);
      const together = await subject.embedder.embedDocuments(texts);
      expect(together).toHaveLength(count);
      for (let index = 0; index < count; index += 1) {
        const [alone] = await subject.embedder.embedDocuments([texts[index]!]);
        expect(bytesOf(together[index]!)).toEqual(bytesOf(alone!));
      }
    });

    it('gives different texts different vectors', async () => {
      const vectors = await subject.embedder.embedDocuments(SAMPLE_TEXTS);
      const distinct = new Set(vectors.map((vector) => bytesOf(vector).toString('base64')));
      expect(distinct.size).toBe(SAMPLE_TEXTS.length);
    });

    it('embeds a query exactly as a one-text document list', async () => {
      const question = 'What is the monthly cost for a non-professional depth of market subscription?';
      const query = await subject.embedder.embedQuery(question);
      const [document] = await subject.embedder.embedDocuments([question]);
      expect(bytesOf(query)).toEqual(bytesOf(document!));
    });

    it('embeds an empty list to an empty list', async () => {
      await expect(subject.embedder.embedDocuments([])).resolves.toEqual([]);
    });
  });
}

function norm(vector: Float32Array): number {
  let squares = 0;
  for (const value of vector) squares += value * value;
  return Math.sqrt(squares);
}

function bytesOf(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
