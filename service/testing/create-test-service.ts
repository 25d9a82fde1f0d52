import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClausegateConfig, createEmbedder, ingestSource } from '../../pipeline/index.ts';
import { createService, type CreateServiceOptions, type Service } from '../create-service.ts';
import { loadServiceSettings } from '../settings/service-settings.ts';
import { hashKey } from '../tenants/tenant-registry.ts';

/** The repository's sample documents. */
export const SAMPLE_ROOT = path.resolve(import.meta.dirname, '../../data/raw/sample');

/** Keys of the test tenants: `harbour` reads `sample`, `policy` reads `policy` (only the data policy). */
export const KEYS = { harbour: 'harbour-key-1', policy: 'policy-key-2', admin: 'admin-key-3', viewer: 'viewer-key-4' } as const;

/**
 * The sample source's document rules in the test config: the definitions schedule is confidential,
 * the licence agreement has its own type, and the documents whose text states no date are dated here.
 */
export const SAMPLE_DOCUMENT_RULES = [
  { path: '*.docx', confidential: true, date: '2025-01-01' },
  { path: 'harbourview-license-agreement.pdf', type: 'agreement', date: '2024-06-01' },
  { path: 'harbourview-data-policy.txt', date: '2025-03-01' },
];

/** Two real ingested sources on disk, their config, and the tenants file over them. */
export interface TestWorld {
  dir: string;
  config: ClausegateConfig;
  tenantsFile: string;
  policyRoot: string;
  remove(): void;
}

/**
 * Ingests `data/raw/sample` as source `sample`, and its data policy alone as source `policy`, into a
 * temporary index with the offline provider; writes a tenants file: `harbour` over sample, `policy`
 * over policy, `viewer` over sample without the confidential permission (the sample source's config
 * marks the definitions schedule confidential, and ingest records it in the index), and the admin key.
 */
export async function createTestWorld(): Promise<TestWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-service-'));
  const policyRoot = path.join(dir, 'policy-docs');
  mkdirSync(policyRoot);
  copyFileSync(path.join(SAMPLE_ROOT, 'harbourview-data-policy.txt'), path.join(policyRoot, 'harbourview-data-policy.txt'));
  const config = ClausegateConfig.parse({
    paths: { indexDir: path.join(dir, 'index'), logDir: path.join(dir, 'logs'), cacheDir: path.join(dir, 'cache') },
    sources: {
      sample: {
        root: SAMPLE_ROOT,
        refusal: 'This is not addressed in the provided Harbourview documents.',
        documentHints: ['harbourview', 'license agreement', 'fee schedule', 'definitions'],
        // The source's manifest entries: the fee schedule's date is read from its text (1 January 2026).
        documents: SAMPLE_DOCUMENT_RULES,
      },
      policy: { root: policyRoot, refusal: 'This is not addressed in the provided policy.' },
    },
  });
  const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
  for (const source of ['sample', 'policy']) {
    await ingestSource({ source, root: config.sources[source]!.root!, config, embedder: createEmbedder(config, environment), now: () => new Date() });
  }
  const tenantsFile = path.join(dir, 'tenants.json');
  writeFileSync(
    tenantsFile,
    JSON.stringify({
      schemaVersion: 1,
      adminKeySha256: hashKey(KEYS.admin),
      tenants: [
        { id: 'harbour', apiKeySha256: hashKey(KEYS.harbour), sources: ['sample'], canSeeConfidential: true },
        { id: 'policy', apiKeySha256: hashKey(KEYS.policy), sources: ['policy'] },
        { id: 'viewer', apiKeySha256: hashKey(KEYS.viewer), sources: ['sample'] },
      ],
    }),
  );
  return { dir, config, tenantsFile, policyRoot, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a real listening service over the world on a free loopback port; `env` adds RAG_* settings. */
export async function startTestService(world: TestWorld, env: Record<string, string> = {}, extra: Partial<CreateServiceOptions> = {}): Promise<{ service: Service; url: string }> {
  const settings = loadServiceSettings({ RAG_PORT: '0', RAG_TENANTS_FILE: world.tenantsFile, ...env });
  const service = await createService({ settings, config: world.config, environment: { openaiApiKey: undefined, openaiBaseUrl: undefined }, cwd: world.dir, logger: false, ...extra });
  const url = await service.listen();
  return { service, url };
}

/** A JSON request to the service: method, path, body, key; returns status, headers and parsed body. */
export async function call(url: string, method: string, route: string, options: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${route}`, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Prometheus text and empty bodies stay text.
  }
  return { status: response.status, headers: response.headers, body };
}
