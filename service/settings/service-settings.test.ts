import { describe, expect, it } from 'vitest';
import { runCli } from '../../harness/cli.ts';
import { loadServiceSettings } from './service-settings.ts';

describe('loadServiceSettings', () => {
  it('gives the design\'s defaults', () => {
    const settings = loadServiceSettings({});
    expect(settings).toMatchObject({ RAG_MAX_QUERY_LENGTH: 500, RAG_CACHE_TTL_SECONDS: 3600, RAG_DEFAULT_TOP_K: 6, RAG_REJECT_INJECTION: false, RAG_BODY_LIMIT_BYTES: 65_536 });
  });

  it('names every bad variable and what it must be, never echoing a secret', () => {
    let message = '';
    try {
      loadServiceSettings({ RAG_PORT: 'eighty', RAG_REJECT_INJECTION: 'yes', RAG_REDIS_URL: 'not a url with password hunter2' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('RAG_PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('RAG_REJECT_INJECTION');
    expect(message).toContain('RAG_REDIS_URL');
    expect(message).not.toContain('hunter2');
    expect(() => loadServiceSettings({ RAG_SIMILARITY_WEIGHT: '0.5' })).toThrow(/must sum to 1/);
  });
});

describe('harness serve with a bad setting', () => {
  it('exits 2 naming the variable before opening anything', async () => {
    const errors: string[] = [];
    const code = await runCli(['serve'], { env: { RAG_MAX_QUERY_LENGTH: '-3', RAG_API_KEY: 'k' }, cwd: process.cwd(), interactive: false, stdout: () => {}, stderr: (text) => errors.push(text) });
    expect(code).toBe(2);
    expect(errors.join('\n')).toContain('RAG_MAX_QUERY_LENGTH');
  });
});
