import { describe, expect, it } from 'vitest';
import { BaselineCase, PerturbationCase, SuiteSettings } from './golden-case.ts';

const answerable = {
  id: 'fees-001',
  question: 'What is the real-time display device fee for CME market data?',
  should_refuse: false,
  evidence: [{ doc: 'january-2026-market-data-fee-list.pdf', page: 1, quote: 'Real Time11 Device $134.50' }],
  answer_terms: ['$134.50', 'device'],
  category: 'fees_lookup',
};

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));
}

describe('BaselineCase', () => {
  it('accepts an answerable case and a should-refuse case without evidence', () => {
    expect(BaselineCase.parse(answerable)).toMatchObject({ id: 'fees-001', should_refuse: false });
    const refusal = BaselineCase.parse({ id: 'refuse-001', question: 'How do I cook a steak?', should_refuse: true, category: 'refusal_out_of_scope' });
    expect(refusal).toMatchObject({ evidence: [], answer_terms: [] });
  });

  it('accepts an optional per-line schemaVersion, tags and notes', () => {
    expect(BaselineCase.parse({ ...answerable, schemaVersion: 1, tags: ['origin:reference'], notes: 'from the earlier set' }).tags).toEqual([
      'origin:reference',
    ]);
    expect(issuePaths(BaselineCase.safeParse({ ...answerable, schemaVersion: 2 }))).toEqual(['schemaVersion']);
  });

  it('requires evidence and answer terms on an answerable case', () => {
    expect(issuePaths(BaselineCase.safeParse({ ...answerable, evidence: [], answer_terms: [] }))).toEqual(['evidence', 'answer_terms']);
  });

  it('rejects evidence and answer terms on a should-refuse case', () => {
    expect(issuePaths(BaselineCase.safeParse({ ...answerable, should_refuse: true }))).toEqual(['evidence', 'answer_terms']);
  });

  it('names the nested field at fault', () => {
    const result = BaselineCase.safeParse({ ...answerable, evidence: [{ doc: 'a.pdf', page: 0, quote: ' ' }] });
    expect(issuePaths(result)).toEqual(['evidence.0.page', 'evidence.0.quote']);
  });

  it('rejects camelCase field names and ids with spaces', () => {
    const { should_refuse: _, ...withoutFlag } = answerable;
    const result = BaselineCase.safeParse({ ...withoutFlag, id: 'fees 1', shouldRefuse: false });
    expect(result.error?.issues.map((issue) => issue.code).sort()).toEqual(['invalid_format', 'invalid_type', 'unrecognized_keys']);
  });
});

describe('PerturbationCase', () => {
  const same = { id: 'fees-001-typo', base_id: 'fees-001', question: 'What is the real-time dispaly device fee?', kind: 'typo', expect: 'same', evidence: answerable.evidence, answer_terms: answerable.answer_terms };

  it("accepts expect 'same' with evidence and expect 'refuse' without", () => {
    expect(PerturbationCase.parse(same).expect).toBe('same');
    expect(PerturbationCase.parse({ id: 'fees-001-flip', base_id: 'fees-001', question: 'What is the real-time display device fee for Nasdaq?', kind: 'distractor_flip', expect: 'refuse' }).evidence).toEqual([]);
  });

  it("requires evidence and answer terms when expect is 'same'", () => {
    expect(issuePaths(PerturbationCase.safeParse({ ...same, evidence: undefined, answer_terms: undefined }))).toEqual(['evidence', 'answer_terms']);
  });

  it("rejects evidence when expect is 'refuse'", () => {
    expect(issuePaths(PerturbationCase.safeParse({ ...same, expect: 'refuse' }))).toEqual(['evidence', 'answer_terms']);
  });

  it('rejects an unknown kind', () => {
    expect(issuePaths(PerturbationCase.safeParse({ ...same, kind: 'tpyo' }))).toEqual(['kind']);
  });
});

describe('SuiteSettings', () => {
  it('requires schemaVersion 1 and every setting', () => {
    const settings = { schemaVersion: 1, name: 'cme', source: 'cme', corpusRoot: '../shared/corpus/cme', refusal: 'This is not addressed in the provided CME documents.', description: 'CME questions' };
    expect(SuiteSettings.parse(settings)).toEqual(settings);
    expect(issuePaths(SuiteSettings.safeParse({ ...settings, schemaVersion: undefined, refusal: '' }))).toEqual(['schemaVersion', 'refusal']);
  });
});
