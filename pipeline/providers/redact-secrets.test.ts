import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.ts';

describe('redactSecrets', () => {
  it('masks sk- keys, bearer tokens, named secrets and the known key, and keeps the rest of the message', () => {
    const text =
      '401 Incorrect API key provided: sk-proj-AbCdEf0123456789xyz. Authorization: Bearer sk-live_ZZZZ9999zzzz; {"api_key": "k-9f8e7d6c5b4a", "token":"t0k3n-abcdefgh"} password=hunter2hunter2 custom-key-FOOBARBAZ1234 status 401';
    const masked = redactSecrets(text, ['custom-key-FOOBARBAZ1234']);
    for (const secret of ['sk-proj-AbCdEf0123456789xyz', 'sk-live_ZZZZ9999zzzz', 'k-9f8e7d6c5b4a', 't0k3n-abcdefgh', 'hunter2hunter2', 'custom-key-FOOBARBAZ1234']) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).toBe(
      '401 Incorrect API key provided: sk-[redacted]. Authorization: Bearer [redacted]; {"api_key": "[redacted]", "token":"[redacted]"} password=[redacted] [redacted] status 401',
    );
  });

  it('leaves ordinary text alone (short values, words like "token" in prose)', () => {
    const text = 'the token limit was reached (finish_reason length); key: 42; see https://platform.openai.com/account/api-keys';
    expect(redactSecrets(text, ['short'])).toBe(text);
  });
});
