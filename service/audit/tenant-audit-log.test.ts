import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTenantAuditLog, type AuditEntry } from './tenant-audit-log.ts';

const entry = (tenant: string, query: string): AuditEntry => ({ timestamp: '2026-11-26T00:00:00.000Z', request_id: query, tenant, query, status: 'answered', reason_code: null, cache_hit: false, template_id: 'balanced', index_version: 'v1', citations: [] });

describe('createTenantAuditLog', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one file per tenant and rotates by size, keeping filesKept old files', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clausegate-audit-'));
    const log = createTenantAuditLog({ dir, maxBytes: 600, filesKept: 2 });
    for (let index = 0; index < 12; index += 1) log.record(entry('harbour', `question ${index}`));
    log.record(entry('policy', 'only mine'));
    const base = path.join(dir, 'harbour');
    expect(existsSync(path.join(base, 'audit.1.jsonl'))).toBe(true);
    expect(existsSync(path.join(base, 'audit.2.jsonl'))).toBe(true);
    expect(existsSync(path.join(base, 'audit.3.jsonl'))).toBe(false);
    const current = readFileSync(log.fileOf('harbour'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(current.at(-1).query).toBe('question 11');
    expect(readFileSync(log.fileOf('policy'), 'utf8').trim().split('\n').map((line) => JSON.parse(line).tenant)).toEqual(['policy']);
  });
});
