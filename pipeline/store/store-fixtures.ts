/**
 * Small, deterministic index contents for the store's tests and for the child process of the crash
 * test (`write-index-child.fixture.ts`). Not part of the public API.
 */
import { createHash } from 'node:crypto';
import type { EmbedderInfo } from '../providers/embedder.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import type { IndexManifestInput } from './index-manifest.ts';

/** The embedder the fixtures pretend to have used. */
export const FIXTURE_EMBEDDER: EmbedderInfo = { name: 'fixture-embedder', model: 'seeded-random', dimensions: 16, version: '1' };

const TEXTS = [
  'Real Time Display Device fee: $134.50 per device per month for Non-Professional and Professional subscribers.',
  'Non-Display Category A1 fees for trading as a principal with 4+ applications: $3,640 per month (Enterprise).',
  '"Subscriber" means a person or entity that receives Information under this Agreement.',
  'Delayed data is Information disseminated at least 10 minutes after its release; no exchange fee applies.',
  'The Licensee shall retain records of all Subscribers for three (3) years and make them available for audit.',
  'Redistribution of Information to third parties requires a separate Information License Agreement (ILA).',
  '"Unit of Count" means each Device or Access ID through which a Subscriber can access Information.',
  'CME Term SOFR licensing fees for 2026 are listed in Schedule 5 to the ILA, effective January 1, 2026.',
];

/** A deterministic generator in [0, 1) (mulberry32), so fixture vectors never change. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** An L2-normalised pseudo-random vector, the same for the same seed. */
export function fixtureVector(seed: number, dimensions: number): Float32Array {
  const random = createRandom(seed);
  const vector = new Float32Array(dimensions);
  let sum = 0;
  for (let index = 0; index < dimensions; index += 1) {
    const value = random() * 2 - 1;
    vector[index] = value;
    sum += value * value;
  }
  const scale = 1 / Math.sqrt(sum);
  for (let index = 0; index < dimensions; index += 1) vector[index] = vector[index]! * scale;
  return vector;
}

/** What one fixture index version holds. */
export interface FixtureContent {
  manifest: IndexManifestInput;
  chunks: Chunk[];
  vectors: Float32Array[];
  definitions: DefinitionEntry[];
}

/**
 * `count` chunks over two documents (texts cycle through realistic licensing sentences, suffixed so
 * that every chunk is distinct), one vector per chunk from `seed`, and the two definitions.
 */
export function createFixtureContent(options: {
  source: string;
  indexVersion: string;
  count?: number;
  seed?: number;
  embedder?: EmbedderInfo;
}): FixtureContent {
  const count = options.count ?? TEXTS.length;
  const seed = options.seed ?? 1;
  const embedder = options.embedder ?? FIXTURE_EMBEDDER;
  const documents = ['fees/market-data-fee-list.pdf', 'agreements/information-license-agreement.pdf'];
  const hashes = documents.map((doc) => createHash('sha256').update(`${doc}:${seed}`).digest('hex'));
  const chunks: Chunk[] = [];
  for (let index = 0; index < count; index += 1) {
    const documentNumber = index % 2;
    const base = TEXTS[index % TEXTS.length]!;
    const text = index < TEXTS.length ? base : `${base} (copy ${Math.floor(index / TEXTS.length)})`;
    const ordinal = Math.floor(index / 2);
    chunks.push({
      chunkId: `${hashes[documentNumber]!.slice(0, 12)}-${String(ordinal).padStart(4, '0')}`,
      doc: documents[documentNumber]!,
      source: options.source,
      docHash: hashes[documentNumber]!,
      ordinal,
      pageStart: 1 + (ordinal % 3),
      pageEnd: 1 + (ordinal % 3),
      sectionHeading: documentNumber === 0 ? 'Market Data Fee Tariff' : '',
      span: { start: 0, end: text.length },
      text,
      tokenCount: Math.ceil(text.length / 4),
      isDefinitions: text.startsWith('"'),
      kind: text.startsWith('"') ? 'definitions' : documentNumber === 0 ? 'table' : 'prose',
    });
  }
  const vectors = chunks.map((_, index) => fixtureVector(seed * 100_003 + index, embedder.dimensions));
  const definitions: DefinitionEntry[] = chunks
    .filter((chunk) => chunk.isDefinitions && chunk.text.startsWith('"') && !chunk.text.includes('(copy'))
    .map((chunk) => {
      const term = chunk.text.slice(1, chunk.text.indexOf('"', 1));
      return { term, key: term.toLowerCase(), definition: chunk.text, chunkId: chunk.chunkId, doc: chunk.doc, page: chunk.pageStart, source: options.source };
    });
  const manifest: IndexManifestInput = {
    schemaVersion: 1,
    source: options.source,
    indexVersion: options.indexVersion,
    createdAt: '2026-11-22T04:00:00.000Z',
    embedder,
    chunkerVersion: 'fixture-chunker-1',
    policyVersion: 'r2-2026.11.1',
    documents: documents.map((doc, documentNumber) => ({
      doc,
      sha256: hashes[documentNumber]!,
      format: 'pdf' as const,
      pages: 3,
      chunks: chunks.filter((chunk) => chunk.doc === doc).length,
      status: 'indexed' as const,
    })),
    counts: { documents: 2, pages: 6, chunks: chunks.length, definitions: definitions.length, skipped: 0, duplicates: 0 },
  };
  return { manifest, chunks, vectors, definitions };
}
