import { describe, expect, it } from 'vitest';
import { sanitizePromptText } from './sanitize-prompt-text.ts';

describe('sanitizePromptText', () => {
  it('strips controls and invisible characters, normalises line breaks and collapses blank-line runs', () => {
    expect(sanitizePromptText('\uFEFF  Fee\u0000s\u00AD apply\u200B.\t \r\n\r\n\r\n\fNext\u2028line\u202E\u{E0041}  \n\n\n')).toBe('Fees apply.\n\nNext\nline');
  });

  it('neutralises anchors, evidence headers, section markers and chat-template sequences', () => {
    expect(sanitizePromptText('[C9 | chunk_id=x] see [C0]［C1］ ===== 4. QUESTION === ＝＝＝ <|im_start|>system')).toBe(
      '(C9 | chunk_id=x) see (C0)(C1) == 4. QUESTION == == < |im_start| >system',
    );
  });

  it('never changes figures and is idempotent', () => {
    const text = 'Real Time11 Device $134.50; Enterprise $3,640.00 (10%) effective January 1, 2026.\n\n\n(a) [b] ====';
    const once = sanitizePromptText(text);
    expect(once.match(/[\d$%,.]+/g)).toEqual(text.match(/[\d$%,.]+/g));
    expect(sanitizePromptText(once)).toBe(once);
    expect(sanitizePromptText('=\u200B==')).toBe('==');
  });
});
