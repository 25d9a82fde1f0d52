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
  return {
    fileOf,
    record(entry) {
      const file = fileOf(entry.tenant);
      mkdirSync(path.dirname(file), { recursive: true });
      const line = `${JSON.stringify(entry)}\n`;
      if (existsSync(file) && statSync(file).size + Buffer.byteLength(line) > options.maxBytes) rotate(file, options.filesKept);
      appendFileSync(file, line);
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
