import { describe, expect, it } from 'vitest';
import { formatPerturbationLines } from './format-perturbation-lines.ts';

describe('formatPerturbationLines', () => {
  it('writes one object per line in a fixed key order, leaving out empty evidence on refusals', () => {
    const text = formatPerturbationLines([
      {
        notes: 'fee → charge (licensing glossary)',
        answer_terms: ['$134.50'],
        evidence: [{ quote: 'Real Time Device $134.50', page: 1, doc: 'fees.pdf' }],
        expect: 'same',
        kind: 'synonym',
        question: 'What is the real-time display device charge?',
        base_id: 'fees-001',
        id: 'fees-001.synonym-1',
      },
      { id: 'fees-001.distractor_flip-1', base_id: 'fees-001', question: 'What is the Nasdaq fee?', kind: 'distractor_flip', expect: 'refuse', evidence: [], answer_terms: [] },
    ]);
    expect(text).toMatchInlineSnapshot(`
      "{"id":"fees-001.synonym-1","base_id":"fees-001","kind":"synonym","expect":"same","question":"What is the real-time display device charge?","evidence":[{"doc":"fees.pdf","page":1,"quote":"Real Time Device $134.50"}],"answer_terms":["$134.50"],"notes":"fee → charge (licensing glossary)"}
      {"id":"fees-001.distractor_flip-1","base_id":"fees-001","kind":"distractor_flip","expect":"refuse","question":"What is the Nasdaq fee?"}
      "
    `);
    expect(formatPerturbationLines([])).toBe('');
  });
});
