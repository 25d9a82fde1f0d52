import { describe, expect, it } from 'vitest';
import { findUnexpectedSpans } from './find-unexpected-spans.ts';

describe('findUnexpectedSpans', () => {
  const question = 'What are the 2026 non-display Category A1 fees for trading as a principal with 4+ applications?';
  const quote = 'Enterprise (4+ Applications) Licensee Group $3,640';

  it('finds the distractor rows of a fee answer and passes the expected one, comparing amounts by value', () => {
    const answer =
      'Non-Display Category A1 – Trading As a Principal | Enterprise (4+ Applications) | Licensee Group | $3,640.00 [C0] ' +
      'Premium (2-3 Applications) | Licensee Group | $1,820 [C0] Basic (1 Application) | Licensee Group | USD 609 [C1]';
    expect(findUnexpectedSpans(answer, [question, quote, '$3,640'])).toEqual([
      { kind: 'amount', text: '$1,820' },
      { kind: 'amount', text: 'USD 609' },
    ]);
    expect(findUnexpectedSpans('Enterprise (4+ Applications) | $3640 [C0]', [question, quote])).toEqual([]);
  });

  it('checks percentages, and ignores bare numbers, years and citation anchors', () => {
    const texts = ['will not exceed 10% of the total fee liable Internal Display Devices'];
    expect(findUnexpectedSpans('At most 10 percent of devices [C1]; clause 4.3 of the 2026 schedule, 25 devices [C2].', texts)).toEqual([]);
    expect(findUnexpectedSpans('A late payment bears 1.5% interest [C0].', texts)).toEqual([{ kind: 'percentage', text: '1.5%' }]);
  });

  it('finds dates no expected text states, agreeing on the parts the answer gives', () => {
    const texts = ['Effective January 1, 2026, fees are being introduced which may apply to you.'];
    expect(findUnexpectedSpans('Effective January 1, 2026 [C0]; the January 2026 list [C0]; 2026-01-01 [C1].', texts)).toEqual([]);
    expect(findUnexpectedSpans('The 2025 list took effect on 1 January 2025 [C0]; notice of 11/20/2019 [C1]; fees may change [C2].', texts)).toEqual([
      { kind: 'date', text: '1 January 2025' },
      { kind: 'date', text: '11/20/2019' },
    ]);
  });

  it('finds party names no expected text names, matching the name without its company form', () => {
    const texts = ['This Agreement is made between ACME WIDGETS, INC. ("Licensor") and the Licensee.'];
    expect(findUnexpectedSpans('Acme Widgets Inc. licenses the Licensee [C0]. The Company shall pay [C1].', texts)).toEqual([]);
    expect(findUnexpectedSpans('Hydraspin USA, Inc. may terminate [C0]; Acme Widgets, Inc. may not [C1].', texts)).toEqual([{ kind: 'party', text: 'Hydraspin USA, Inc.' }]);
  });

  it('lists each span once, in answer order', () => {
    expect(findUnexpectedSpans('$5 [C0] then $7 [C1] then $5 [C2]', ['nothing'])).toEqual([
      { kind: 'amount', text: '$5' },
      { kind: 'amount', text: '$7' },
    ]);
  });
});
