import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { describeEmbedderContract } from './embedder.contract.ts';
import { createOfflineEmbedder } from './offline-embedder.ts';

describeEmbedderContract('offline hashed n-gram', async () => ({ embedder: createOfflineEmbedder({ dimensions: 1024 }) }));
describeEmbedderContract('offline hashed n-gram, odd small dimensions', async () => ({ embedder: createOfflineEmbedder({ dimensions: 97 }) }));

const corpusRoot = testCorpus.path('cme');

// Chunks of the first table of january-2026-market-data-fee-list.pdf, copied from `pdftotext -layout`
// output with runs of whitespace collapsed (footnote markers glued to words, as extracted). The last
// test checks that they still occur in the real PDF.
const FEE_LIST_CHUNKS = {
  distribution:
    'Description Unit of Count Annually Monthly Distribution Real Time1 Licensee Group $29,280 Delayed 1 Licensee Group $21,840 Historical2 Licensee Group $35,220',
  displayDevice:
    'Display Device Real Time11 Device $134.50 12 Delayed Device $0 11 E-Mini CME Device $73 CBOT Device $48.75 NYMEX Device $53.75 COMEX Device $42.25 Non-Professional Depth of Market 4, 11 Device $12.10 Bundle – all exchanges Device $36.50 4, 11 Non-Professional Top of Book Device $1.55 Bundle – all exchanges Device $4.65',
  dataFeed: 'Data Feed Real Time Data Feed $610 Delayed Data Feed $304',
  categoryA1:
    'Non-Display10 Category A1 – Trading As a Principal 5 Enterprise (4+ Applications) Licensee Group $3,640 Premium (2-3 Applications) Licensee Group $1,820 Basic (1 Application) Licensee Group $609',
  categoryB:
    'Category B – Internal Order Processing5 Enterprise (4+ Applications) Licensee Group $3,050 Premium (2-3 Applications) Licensee Group $2,743 Basic (1 Application) Licensee Group $2,435',
  other:
    'Other Public Website13 Website $487 Wallboard Real Time11 Wallboard $487 12 Delayed Wallboard $217 13 Information Board Information Board $0 Market Profile Device $11.70',
} as const;

// From ILA-Subscriber-Addendum.pdf (definitions), for a legal sentence among the candidates.
const ADDENDUM_DEFINITION =
  'Automated Trading System: any system or software operated by Distributor that generates and/or routes orders electronically with no, or only de minimis, human action involved in generating, sending and/or verifying orders.';

type CandidateName = keyof typeof FEE_LIST_CHUNKS | 'addendum';

describe('createOfflineEmbedder', () => {
  const embedder = createOfflineEmbedder({ dimensions: 1024 });
  const embed = (text: string) => embedder.embedQuery(text);

  it('identifies its feature scheme, so stored vectors are never mixed with another scheme', () => {
    expect(embedder.info).toEqual({ name: 'offline-hashed-ngram', model: 'hashed-word-char-ngram', dimensions: 1024, version: 'h2' });
  });

  it('refuses dimensions that are not a positive integer', () => {
    for (const dimensions of [0, -1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        createOfflineEmbedder({ dimensions });
      } catch (error) {
        caught = error;
      }
      expect(isClausegateError(caught, 'config_invalid')).toBe(true);
    }
  });

  it('ignores casing and Unicode compatibility forms', async () => {
    const plain = await embed('real time display device fee 2026');
    expect(bytes(await embed('REAL TIME Display DEVICE Fee 2026'))).toEqual(bytes(plain));
    expect(bytes(await embed('ＲＥＡＬ　ＴＩＭＥ display device fee ２０２６'))).toEqual(bytes(plain)); // full-width forms, NFKC
  });

  it('keeps typos and plurals close and unrelated licensing text far', async () => {
    const question = await embed('real time display device fee');
    const typos = cosine(question, await embed('real-tme dispaly device fees'));
    const unrelated = cosine(question, await embed('The Licensee shall not redistribute Information to any third party without the prior written consent of CME.'));
    expect(typos).toBeGreaterThan(0.4);
    expect(unrelated).toBeLessThan(0.15);
    expect(typos).toBeGreaterThan(unrelated + 0.3);
  });

  it('keeps amounts, years, counts and category codes as whole tokens', async () => {
    const line = await embed('Enterprise (4+ Applications) Licensee Group $3,640');
    expect(cosine(line, await embed('$3,640'))).toBeGreaterThan(cosine(line, await embed('$3,641')));
    expect(cosine(line, await embed('4+ applications'))).toBeGreaterThan(cosine(line, await embed('4 applications')));
    const category = await embed('Category A1 – Trading As a Principal');
    expect(cosine(category, await embed('category a1'))).toBeGreaterThan(cosine(category, await embed('category a2')));
    const year = await embed('fee list effective January 1, 2026');
    expect(cosine(year, await embed('2026 fees'))).toBeGreaterThan(cosine(year, await embed('2025 fees')));
  });

  it('frees words from glued footnote markers', async () => {
    const glued = await embed('Real Time11 Device');
    expect(cosine(glued, await embed('real time device'))).toBeGreaterThan(0.8);
  });

  it('down-weights stopwords, so content words decide similarity', async () => {
    const question = await embed('what is the fee for the wallboard');
    expect(cosine(question, await embed('wallboard fee'))).toBeGreaterThan(cosine(question, await embed('what is the policy for the audit')));
  });

  it('gives text without any token one fixed unit vector instead of a zero vector', async () => {
    const [empty, punctuation] = await embedder.embedDocuments(['', ' — ; … ']);
    expect(bytes(punctuation!)).toEqual(bytes(empty!));
    expect(cosine(empty!, empty!)).toBeCloseTo(1, 6);
  });

  it('is independent of anything embedded before (no corpus-fitted state)', async () => {
    const text = 'Non-Professional Depth of Market Device $12.10';
    const fresh = await createOfflineEmbedder({ dimensions: 1024 }).embedQuery(text);
    await embedder.embedDocuments(Object.values(FEE_LIST_CHUNKS));
    expect(bytes(await embedder.embedQuery(text))).toEqual(bytes(fresh));
  });

  it('embeds a text longer than its reusable feature table the same way every time', async () => {
    const long = Array.from({ length: 3000 }, (_, index) => `clause${index} term${index * 7} ${index}`).join(' ');
    const first = await embed(long);
    const again = await createOfflineEmbedder({ dimensions: 1024 }).embedQuery(long);
    expect(bytes(again)).toEqual(bytes(first));
    expect(bytes(await embed(long))).toEqual(bytes(first));
  });

  it.each<[string, CandidateName]>([
    ['What is the real-time display device fee for CME market data?', 'displayDevice'],
    ['What is the monthly cost for a non-professional depth of market subscription?', 'displayDevice'],
    ['What are the non-display Category A1 fees for trading as a principal with 4+ applications?', 'categoryA1'],
    ['What are the historical data distribution fees?', 'distribution'],
    ['How much is the real time data feed fee?', 'dataFeed'],
    ['What are the fees for Category B internal order processing?', 'categoryB'],
    ['What does a public website license cost?', 'other'],
    ['What is the Market Profile fee?', 'other'],
    ['What is an automated trading system?', 'addendum'],
  ])('ranks the chunk that answers %j first among real fee-list chunks', async (question, expected) => {
    const candidates = { ...FEE_LIST_CHUNKS, addendum: ADDENDUM_DEFINITION };
    const names = Object.keys(candidates) as CandidateName[];
    const vectors = await embedder.embedDocuments(names.map((name) => candidates[name]));
    const query = await embed(question);
    const ranked = names.map((name, index) => ({ name, score: cosine(query, vectors[index]!) })).sort((left, right) => right.score - left.score);
    expect(ranked[0]!.name).toBe(expected);
  });

  it.skipIf(!testCorpus.available || !hasPdftotext())(testCorpus.title('uses chunks that really occur in the corpus PDFs (checked with pdftotext)'), () => {
    const feeList = collapse(pdfText('january-2026-market-data-fee-list.pdf'));
    for (const chunk of Object.values(FEE_LIST_CHUNKS)) expect(feeList).toContain(chunk);
    expect(collapse(pdfText('ILA-Subscriber-Addendum.pdf'))).toContain(ADDENDUM_DEFINITION);
  });
});

function cosine(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index]! * right[index]!;
  return sum;
}

function bytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', path.join(corpusRoot, file), '-'], { encoding: 'utf8' });
}

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('offline embedder: a source\'s generic words', () => {
  const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

  it('weighs the source\'s publisher words as stop words, and names them in its version', async () => {
    const plain = createOfflineEmbedder({ dimensions: 1024 });
    const acme = createOfflineEmbedder({ dimensions: 1024, sourceStopwords: ['Acme'] });
    expect(plain.info.version).toBe('h2');
    expect(acme.info.version).toMatch(/^h2-s[0-9a-f]{8}$/);
    expect(createOfflineEmbedder({ dimensions: 1024, sourceStopwords: ['acme'] }).info.version).toBe(acme.info.version);
    // A question sharing only the publisher's word with a chunk moves away from it once that word is a stop word.
    const [question] = await plain.embedDocuments(['acme royalty rate']);
    const [chunk] = await plain.embedDocuments(['acme termination notice']);
    const [questionStopped] = await acme.embedDocuments(['acme royalty rate']);
    const [chunkStopped] = await acme.embedDocuments(['acme termination notice']);
    expect(cosine(questionStopped!, chunkStopped!)).toBeLessThan(cosine(question!, chunk!));
  });
});
