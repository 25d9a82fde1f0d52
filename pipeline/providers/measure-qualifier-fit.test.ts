import { describe, expect, it } from 'vitest';
import { measureQualifierFit } from './measure-qualifier-fit.ts';
import { profileQuestion } from '../question/index.ts';

describe('measureQualifierFit', () => {
  it('counts the label asked and labels of the same kind with another code', () => {
    const profile = profileQuestion('What is the Category C non-display fee at the basic tier?');
    expect(measureQualifierFit(profile, 'Category C | Basic (1 Application) | Licensee Group | $363')).toMatchObject({ askedLabels: 1, otherLabels: 0 });
    expect(measureQualifierFit(profile, 'Non-Display Category A1 – Trading As a Principal | Basic (1 Application) | Licensee Group | $609')).toMatchObject({ askedLabels: 0, otherLabels: 1 });
  });

  it('measures the share of a row’s label words the question names, figure cells left out', () => {
    const profile = profileQuestion('What is the monthly E-mini CBOT display device fee?');
    const eMini = measureQualifierFit(profile, 'E-Mini | CBOT | Device | $47.20');
    const realTime = measureQualifierFit(profile, 'Display Device | Real Time | Device | $130.10');
    expect(eMini.precision).toBeCloseTo(0.75, 5); // the `e` of `E-Mini`, one letter, is no question term
    expect(realTime.precision).toBeCloseTo(0.6, 5);
    expect(eMini.precision).toBeGreaterThan(realTime.precision);
  });

  it('reads a sentence whole and asks no label when the question names none', () => {
    const profile = profileQuestion('Who pays for the audit?');
    expect(measureQualifierFit(profile, 'Subscriber shall bear the costs of the audit.')).toEqual({ askedLabels: 0, otherLabels: 0, precision: 0.25 });
  });
});
