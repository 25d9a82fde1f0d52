import { describe, expect, it } from 'vitest';
import { fitColumnLabels, type ColumnRow } from './fit-column-labels.ts';
import { questionStemsOf } from './measure-qualifier-fit.ts';
import { fitting } from './read-answer-units.ts';
import { profileQuestion } from '../question/index.ts';

const row = (text: string, doc = 'freight-rates-2031.pdf'): ColumnRow & { band: 0 } => ({ text, doc, heading: 'Rates', fit: { askedLabels: 0, otherLabels: 0, precision: 0 }, band: 0 });

describe('fitColumnLabels', () => {
  const pallet = row('Pallet | Standard | Each | $40');
  const northPallet = row('Crate | North | Each | $55');
  const southPallet = row('Crate | South | Each | $61');
  const units = [pallet, northPallet, southPallet];

  it('reads the cell of the value the question names as a label asked, and another value of its column as a label not asked', () => {
    const fits = fitColumnLabels(units, questionStemsOf(profileQuestion('What is the north crate rate each month?')));
    expect(fits.get(northPallet)).toMatchObject({ askedCells: 2, otherLabels: 0 });
    expect(fits.get(southPallet)).toMatchObject({ askedCells: 0, otherLabels: 1 });
    expect(fits.get(pallet)).toMatchObject({ askedCells: 0, otherLabels: 2 });
    // …so the rows of other values give way to the row of the value asked.
    const fitted = units.map((unit) => ({ ...unit, fit: fits.get(unit) ?? unit.fit }));
    expect(fitting(fitted).map((unit) => unit.text)).toEqual([northPallet.text]);
  });

  it('changes nothing when the question names no value of a column, or rows come from different tables', () => {
    expect(fitColumnLabels(units, questionStemsOf(profileQuestion('What does delivery cost?'))).size).toBe(0);
    const other = row('Crate | South | Each | $61', 'storage-rates-2031.pdf');
    expect(fitColumnLabels([northPallet, other], questionStemsOf(profileQuestion('What is the north crate rate?'))).size).toBe(0);
  });
});
