import { createPhrasePattern } from './create-phrase-pattern.ts';
import { findCalendarDates } from './find-calendar-dates.ts';
import type { CalendarDate } from './find-calendar-dates.ts';
import { findMoneyAmounts } from './find-money-amounts.ts';
import type { MoneyAmount } from './find-money-amounts.ts';
import { findPercentages } from './find-percentages.ts';
import type { QuestionTerm } from './find-question-terms.ts';

/** Whether the evidence contains every question term, and which terms it lacks. */
export interface CoverageResult {
  /** True when no term is missing (also when there are no terms). */
  covered: boolean;
  /** The terms no evidence text contains, in the order given. */
  missing: QuestionTerm[];
}

// What each evidence text yields, read once for all terms.
interface ReadEvidence {
  text: string;
  dates: CalendarDate[] | undefined;
  money: MoneyAmount[] | undefined;
  percentages: number[] | undefined;
}

/**
 * The coverage check of the confidence gate ("partial evidence is not evidence"): a term is
 * covered when its text or one of its variants occurs in at least one evidence text, ignoring
 * letter case, as a whole word (`ICE` is not in `notice`, `2026` is not in `20265`). Money is
 * compared by value (`$134.50` is in `$ 134.50`, `134.50` and `USD 134.50`; a bare number counts
 * only with cents or thousands separators), percentages by value, and dates as calendar dates
 * (`January 1, 2026` is in `1 January 2026`; `January 2026` is in any date of that month).
 */
export function checkCoverage(terms: readonly QuestionTerm[], evidenceTexts: readonly string[]): CoverageResult {
  const evidence: ReadEvidence[] = evidenceTexts.map((text) => ({
    text: normalise(text),
    dates: undefined,
    money: undefined,
    percentages: undefined,
  }));
  const missing = terms.filter((term) => !evidence.some((item) => containsTerm(item, term)));
  return { covered: missing.length === 0, missing };
}

function containsTerm(evidence: ReadEvidence, term: QuestionTerm): boolean {
  if (term.kind === 'date') {
    const [wanted] = findCalendarDates(normalise(term.text));
    if (wanted !== undefined) {
      evidence.dates ??= findCalendarDates(evidence.text);
      if (evidence.dates.some((date) => satisfiesDate(date, wanted))) return true;
    }
  }
  if (term.kind === 'figure') {
    const [amount] = findMoneyAmounts(normalise(term.text));
    if (amount !== undefined) {
      evidence.money ??= findMoneyAmounts(evidence.text, { includeBareNumbers: true });
      return evidence.money.some(
        (found) => found.value === amount.value && (found.currency === undefined || found.currency === amount.currency),
      );
    }
    const [percentage] = findPercentages(normalise(term.text));
    if (percentage !== undefined) {
      evidence.percentages ??= findPercentages(evidence.text).map((found) => found.value);
      return evidence.percentages.includes(percentage.value);
    }
  }
  return [term.text, ...term.variants].some((spelling) => {
    const pattern = createPhrasePattern(normalise(spelling));
    return pattern.test(evidence.text);
  });
}

// A wanted date is satisfied by a date in the evidence that agrees on every part the wanted date
// names: `January 2026` by `January 1, 2026`, but `January 1, 2026` not by `January 2026`.
function satisfiesDate(found: CalendarDate, wanted: CalendarDate): boolean {
  if (found.month !== wanted.month) return false;
  if (wanted.year !== undefined && found.year !== wanted.year) return false;
  if (wanted.day !== undefined && found.day !== wanted.day) return false;
  return true;
}

function normalise(text: string): string {
  return text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'").replace(/[\u2010\u2011\u2012\u2013]/g, '-');
}
