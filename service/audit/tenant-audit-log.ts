import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** One audit line: who asked what, what came back and from which index. Never a key. */
export interface AuditEntry {
  timestamp: string;
  request_id: string;
  tenant: string;
  query: string;
  status: 'answered' | 'refused' | 'failed' | 'simulated';
  reason_code: string | null;
  cache_hit: boolean;
  template_id: string;
  index_version: string;
  citations: Array<{ doc: string; page: number }>;
}

/** The audit logs, one JSONL file per tenant: `<dir>/<tenant>/audit.jsonl`, rotated by size. */
export interface TenantAuditLog {
  record(entry: AuditEntry): void;
  /** The tenant's current audit file. */
  fileOf(tenant: string): string;
}

/** Creates the per-tenant audit logs under `dir`, rotating at `maxBytes` and keeping `filesKept` old files. */
export function createTenantAuditLog(options: { dir: string; maxBytes: number; filesKept: number }): TenantAuditLog {
  const fileOf = (tenant: string) => path.join(options.dir, tenant, 'audit.jsonl');
  // Each file's size, read once: a query's line is then one append, not a mkdir, a stat and an append.
  const sizes = new Map<string, number>();
  return {
    fileOf,
    record(entry) {
      const file = fileOf(entry.tenant);
      let size = sizes.get(file);
      if (size === undefined) {
        mkdirSync(path.dirname(file), { recursive: true });
        size = existsSync(file) ? statSync(file).size : 0;
      }
      const line = `${JSON.stringify(entry)}\n`;
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > options.maxBytes) {
        rotate(file, options.filesKept);
        size = 0;
      }
      appendFileSync(file, line);
      sizes.set(file, size + bytes);
    },
  };
}

function rotate(file: string, filesKept: number): void {
  const base = file.slice(0, -'.jsonl'.length);
  rmSync(`${base}.${filesKept}.jsonl`, { force: true });
  for (let index = filesKept - 1; index >= 1; index -= 1) {
    if (existsSync(`${base}.${index}.jsonl`)) renameSync(`${base}.${index}.jsonl`, `${base}.${index + 1}.jsonl`);
  }
  renameSync(file, `${base}.1.jsonl`);
}
