import { describe, expect, it } from 'vitest';
import type { AnswerSentence, GenerationOutput } from '../providers/generator.ts';
import { validateAnswer } from './validate-answer.ts';
import type { ValidateAnswerInput, ValidationEvidence } from './validate-answer.ts';

const REFUSAL = 'This is not addressed in the provided CME documents.';

const evidence: ValidationEvidence[] = [
  {
    anchor: 'C0',
    doc: 'cme/january-2026-market-data-fee-list.pdf',
    sectionHeading: 'Non-Display',
    text: 'CME Group Fee List\nEffective January 1, 2026\nCategory A1 – Trading As a Principal 5\nEnterprise (4+ Applications) Licensee Group $3,640\nPremium (2-3 Applications) Licensee Group $1,820',
  },
  {
    anchor: 'C1',
    doc: 'cme/information-policies-v5-04.pdf',
    sectionHeading: '4. Fee Waivers',
    text: '4.3. The maximum number of Internal Display Devices that are eligible for the Fee waiver, will not exceed 10% of the total.',
  },
];

function answer(...sentences: Array<[string, string[]]>): GenerationOutput {
  return { kind: 'answer', confidence: 'High', sentences: sentences.map(([text, anchors]): AnswerSentence => ({ text, anchors })) };
}

function validate(output: GenerationOutput, overrides: Partial<ValidateAnswerInput> = {}) {
  return validateAnswer({ output, evidence, refusal: REFUSAL, maxSentences: 6, ...overrides });
}

describe('validateAnswer', () => {
  it('passes a correct, fully cited answer', () => {
    const result = validate(
      answer(
        ['The Enterprise fee for Category A1 is $3,640 per Licensee Group, effective January 1, 2026.', ['C0']],
        ['Fee waivers cover at most 10% of Internal Display Devices.', ['C1']],
      ),
    );
    expect(result).toEqual({ ok: true, violations: [], attributionCoverage: 1, citedAnchors: ['C0', 'C1'] });
  });

  it('catches an invented anchor [C7], in the text or in the structured anchors', () => {
    const result = validate(answer(['The Enterprise fee is $3,640 [C7].', ['C0']], ['Waivers cover 10% of devices.', ['C7']]));
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([
      { code: 'unknown_anchor', sentence: 0, detail: 'C7 is not one of the evidence anchors (C0, C1)' },
      { code: 'unknown_anchor', sentence: 1, detail: 'C7 is not one of the evidence anchors (C0, C1)' },
      { code: 'uncited_sentence', sentence: 1, detail: 'the sentence cites no known evidence' },
      { code: 'unsupported_number', sentence: 1, detail: 'number "10%" rests on no cited evidence' },
    ]);
    expect(result.attributionCoverage).toBe(0.5);
    expect(result.citedAnchors).toEqual(['C0']);
  });

  it('catches an invented amount', () => {
    const result = validate(answer(['The Enterprise fee is $999.00 per Licensee Group.', ['C0']]));
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([{ code: 'unsupported_number', sentence: 0, detail: 'number "$999.00" does not appear in the cited evidence (C0)' }]);
  });

  it('checks figures only against the evidence a sentence cites', () => {
    const result = validate(answer(['Fee waivers cover at most 10% of devices, and the Enterprise fee is $3,640.', ['C1']]));
    expect(result.violations).toEqual([{ code: 'unsupported_number', sentence: 0, detail: 'number "$3,640" does not appear in the cited evidence (C1)' }]);
  });

  it('catches an uncited sentence (every sentence counts as factual)', () => {
    const result = validate(answer(['The Enterprise fee is $3,640.', ['C0']], ['Fees are set by CME.', []]));
    expect(result.ok).toBe(false);
    expect(result.violations).toEqual([{ code: 'uncited_sentence', sentence: 1, detail: 'the sentence cites no evidence' }]);
    expect(result.attributionCoverage).toBe(0.5);
  });

  it('reads inline anchors as citations, in any of the usual spellings', () => {
    const result = validate(answer(['The Enterprise fee is $3,640 [C0].', []], ['Waivers cover 10% of devices [C0, C1].', []], ['The Premium fee is $1,820 [c0][C0].', [' [C0] ']]));
    expect(result).toEqual({ ok: true, violations: [], attributionCoverage: 1, citedAnchors: ['C0', 'C1'] });
  });

  it('treats $3,640, $3,640.00, 3640 and 3,640.0 as one amount', () => {
    for (const amount of ['$3,640', '$3,640.00', '3640', '3,640.0', 'USD 3640']) {
      expect(validate(answer([`The Enterprise fee is ${amount}.`, ['C0']])).ok, amount).toBe(true);
    }
    expect(validate(answer(['The Enterprise fee is $3,641.', ['C0']])).ok).toBe(false);
    expect(validate(answer(['The Enterprise fee is $364.', ['C0']])).ok).toBe(false);
  });

  it('treats the spellings of one date as one date, and a year or month as stated by a date within it', () => {
    for (const date of ['January 1, 2026', '1 January 2026', '2026-01-01', '1/1/2026', 'Jan. 1st, 2026', 'January 2026', 'January 1', '2026']) {
      expect(validate(answer([`The fee list took effect in ${date}.`, ['C0']])).ok, date).toBe(true);
    }
    for (const date of ['January 2, 2026', 'February 2026', '2025', 'January 1, 2025']) {
      expect(validate(answer([`The fee list took effect in ${date}.`, ['C0']])).ok, date).toBe(false);
    }
  });

  it('counts the figures of the header the prompt showed (document name, section heading) as stated', () => {
    expect(validate(answer(['Section 4 of the Information Policies v5.04 covers fee waivers.', ['C1']])).ok).toBe(true);
    expect(validate(answer(['The January 2026 fee list sets the Premium fee at $1,820.', ['C0']])).ok).toBe(true);
  });

  it('ignores anchor numbers, footnote digits glued to words and list markers', () => {
    const footnoted: ValidationEvidence[] = [{ anchor: 'C12', text: 'Real Time11 Device $134.50' }];
    expect(validateAnswer({ output: answer(['1. The Real Time11 Device fee is $134.50 [C12].', []]), evidence: footnoted, refusal: REFUSAL }).ok).toBe(true);
    expect(validateAnswer({ output: answer(['2) Category A1 is listed [C12].', []]), evidence: footnoted, refusal: REFUSAL }).ok).toBe(true);
    expect(validateAnswer({ output: answer(['The fee is $134.50 for 2 devices [C12].', []]), evidence: footnoted, refusal: REFUSAL }).violations).toEqual([
      { code: 'unsupported_number', sentence: 0, detail: 'number "2" does not appear in the cited evidence (C12)' },
    ]);
  });

  it('accepts only the exact refusal string, trimmed', () => {
    expect(validate({ kind: 'refusal', text: `  ${REFUSAL}\n` })).toEqual({ ok: true, violations: [], attributionCoverage: 1, citedAnchors: [] });
    const paraphrase = validate({ kind: 'refusal', text: 'The documents do not address this.' });
    expect(paraphrase.ok).toBe(false);
    expect(paraphrase.violations).toEqual([
      {
        code: 'refusal_mismatch',
        detail: 'refusal "The documents do not address this." is not the exact refusal string "This is not addressed in the provided CME documents."',
      },
    ]);
    expect(validate({ kind: 'refusal', text: REFUSAL.toLowerCase() }).ok).toBe(false);
    expect(validate({ kind: 'refusal', text: REFUSAL.slice(0, -1) }).ok).toBe(false);
  });

  it('flags the refusal string given as an answer sentence', () => {
    const result = validate(answer([REFUSAL, ['C0']]));
    expect(result.violations).toEqual([{ code: 'refusal_mismatch', sentence: 0, detail: 'the refusal string was given as an answer sentence instead of as the refusal' }]);
  });

  it('fails an empty answer and a sentence that is only anchors', () => {
    expect(validate(answer())).toEqual({ ok: false, violations: [{ code: 'empty_answer', detail: 'the answer has no sentences' }], attributionCoverage: 0, citedAnchors: [] });
    expect(validate(answer([' [C0] ', ['C0']])).violations).toEqual([{ code: 'empty_answer', sentence: 0, detail: 'the sentence has no text besides its anchors' }]);
  });

  it('fails more sentences than the prompt allowed', () => {
    const sentences = Array.from({ length: 3 }, (): [string, string[]] => ['The Enterprise fee is $3,640.', ['C0']]);
    expect(validate(answer(...sentences), { maxSentences: 2 }).violations).toEqual([{ code: 'too_many_sentences', detail: '3 sentences; at most 2 allowed' }]);
    expect(validate(answer(...sentences), { maxSentences: undefined }).ok).toBe(true);
  });
});
