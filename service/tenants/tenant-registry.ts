import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClausegateError, formatIssues } from '../../pipeline/index.ts';

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest (64 lowercase hex characters): `printf %s KEY | sha256sum`');
const SourceName = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/);

/** One tenant: the sha256 of its API key (never the key), the sources it may read, its permissions. */
export const TenantConfig = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'lowercase letters, digits, - and _'),
    apiKeySha256: Sha256Hex,
    sources: z.array(SourceName).min(1),
    /** May read documents a source's config marks confidential (default false: their text comes back as "[REDACTED]"). */
    canSeeConfidential: z.boolean().default(false),
  })
  .strict();
export type TenantConfig = z.infer<typeof TenantConfig>;

/** The tenants file (`RAG_TENANTS_FILE`): tenants, the admin key's sha256, and each source's trust. */
export const TenantsFile = z
  .object({
    schemaVersion: z.literal(1),
    adminKeySha256: Sha256Hex.optional(),
    tenants: z.array(TenantConfig).min(1),
    sources: z
      .record(
        SourceName,
        z
          .object({
            /** How far this source's documents are trusted, 0–1, for the trust weight of ranking (default 1). */
            trust: z.number().min(0).max(1).default(1),
            /** No longer read: documents are marked confidential in the source's config (`loadTenantRegistry` says how to move them). */
            confidentialDocuments: z.array(z.string().min(1)).optional(),
            /** No longer read: document dates are learned at ingest or set in the source's config. */
            documentDates: z.record(z.string().min(1), z.string()).optional(),
          })
          .strict(),
      )
      .default({}),
  })
  .strict()
  .superRefine((file, context) => {
    const seen = new Set<string>();
    file.tenants.forEach((tenant, index) => {
      if (seen.has(tenant.id)) context.addIssue({ code: 'custom', path: ['tenants', index, 'id'], message: `duplicate tenant id "${tenant.id}"` });
      seen.add(tenant.id);
    });
  });
export type TenantsFile = z.infer<typeof TenantsFile>;

/** Who made a request. */
export type Caller = { kind: 'tenant'; tenant: TenantConfig } | { kind: 'admin' };

/** The tenants and the admin key, with constant-time key lookup. */
export interface TenantRegistry {
  readonly tenants: readonly TenantConfig[];
  readonly sources: TenantsFile['sources'];
  /** The caller a presented key belongs to, or undefined; every stored hash is compared, in constant time. */
  identify(presentedKey: string): Caller | undefined;
  /** True when the admin key was configured. */
  readonly hasAdminKey: boolean;
}

/** sha256 hex of a key: how keys are stored and compared. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Loads the tenants from `RAG_TENANTS_FILE`, or — without it — makes one tenant `default` over
 * `allSources` whose key is `RAG_API_KEY`. Keys are kept only as sha256 digests. Throws
 * `config_invalid` naming the file and field of a bad entry.
 */
export function loadTenantRegistry(options: { tenantsFile?: string | undefined; apiKey?: string | undefined; adminKey?: string | undefined; allSources: readonly string[] }): TenantRegistry {
  let file: TenantsFile;
  if (options.tenantsFile !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(options.tenantsFile, 'utf8'));
    } catch (error) {
      throw new ClausegateError('config_invalid', `tenants file ${options.tenantsFile} cannot be read as JSON: ${(error as Error).message}`, {
        hint: 'RAG_TENANTS_FILE names a JSON file; README "Tenants" shows its shape',
        location: { file: options.tenantsFile },
      });
    }
    const parsed = TenantsFile.safeParse(raw);
    if (!parsed.success) {
      throw new ClausegateError('config_invalid', `tenants file ${options.tenantsFile} is invalid:\n${formatIssues(parsed.error.issues)}`, {
        hint: 'fix the fields listed above; README "Tenants" shows the shape',
        location: { file: options.tenantsFile },
      });
    }
    file = parsed.data;
    refuseMovedMarks(file, options.tenantsFile);
  } else if (options.apiKey !== undefined) {
    file = { schemaVersion: 1, tenants: [{ id: 'default', apiKeySha256: hashKey(options.apiKey), sources: [...options.allSources], canSeeConfidential: true }], sources: {} };
  } else {
    throw new ClausegateError('env_invalid', 'no tenants: set RAG_TENANTS_FILE (a tenants file) or RAG_API_KEY (one tenant over every source)', {
      hint: 'for a local try: RAG_API_KEY=dev-key npx harness serve',
    });
  }
  const adminHash = options.adminKey !== undefined ? hashKey(options.adminKey) : file.adminKeySha256;
  const entries: Array<{ digest: Buffer; caller: Caller }> = file.tenants.map((tenant) => ({ digest: Buffer.from(tenant.apiKeySha256, 'hex'), caller: { kind: 'tenant', tenant } }));
  if (adminHash !== undefined) entries.push({ digest: Buffer.from(adminHash, 'hex'), caller: { kind: 'admin' } });
  return {
    tenants: file.tenants,
    sources: file.sources,
    hasAdminKey: adminHash !== undefined,
    identify(presentedKey) {
      const presented = createHash('sha256').update(presentedKey, 'utf8').digest();
      let found: Caller | undefined;
      // Compare against every entry, never stopping early, so the time says nothing about which matched.
      for (const entry of entries) {
        if (timingSafeEqual(presented, entry.digest) && found === undefined) found = entry.caller;
      }
      return found;
    },
  };
}

/**
 * Document marks moved from the tenants file to the source's config (`sources.<name>.documents` in
 * .clausegate.json), where ingest records them in the index. An old file still naming them stops the
 * service with the exact rules to add, rather than serving a confidential document's text.
 */
function refuseMovedMarks(file: TenantsFile, tenantsFile: string): void {
  const moves: string[] = [];
  for (const [source, marks] of Object.entries(file.sources)) {
    const rules = new Map<string, { path: string; confidential?: true; date?: string }>();
    for (const doc of marks.confidentialDocuments ?? []) rules.set(doc, { path: doc, confidential: true });
    for (const [doc, date] of Object.entries(marks.documentDates ?? {})) rules.set(doc, { ...(rules.get(doc) ?? { path: doc }), date });
    if (marks.confidentialDocuments !== undefined || marks.documentDates !== undefined) {
      moves.push(`  sources.${source}.documents: ${JSON.stringify([...rules.values()])}`);
    }
  }
  if (moves.length === 0) return;
  throw new ClausegateError(
    'config_invalid',
    `tenants file ${tenantsFile}: "confidentialDocuments" and "documentDates" are no longer read there; documents are marked in their source's config, where ingest records them in the index. Add to .clausegate.json:\n${moves.join('\n')}`,
    {
      hint: 'add those rules, remove the two fields from the tenants file (tenants keep canSeeConfidential), and re-ingest each source (npx harness ingest --source NAME)',
      location: { file: tenantsFile },
    },
  );
}
