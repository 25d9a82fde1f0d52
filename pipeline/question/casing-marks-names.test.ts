import { describe, expect, it } from 'vitest';
import { casingMarksNames } from './casing-marks-names.ts';

const words = (question: string) => question.split(' ');

describe('casingMarksNames', () => {
  it('reads the capitals of a sentence as names, and none in Title Case or capitals throughout', () => {
    expect(casingMarksNames(words('What fee does Quill Orchard pay under the licence?'))).toBe(true);
    expect(casingMarksNames(words('What Fee Does Quill Orchard Pay Under The Licence?'))).toBe(false);
    expect(casingMarksNames(words('WHAT FEE DOES QUILL ORCHARD PAY?'))).toBe(false);
  });
});
