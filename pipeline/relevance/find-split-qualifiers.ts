import { hasMoneyAmount, isCellRow, tokenStream } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import { termCredit } from '../question/index.ts';
import type { ProfileTerm, QuestionProfile } from '../question/index.ts';

/** The question's qualifiers: its specific terms, without framing words, years and the `fee` an amount answers. */
export function qualifierTerms(profile: QuestionProfile): ProfileTerm[] {
  return profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount && term.framing !== true && !profile.years.includes(term.display));
}

/**
 * The qualifiers a table splits across rows (see `ChunkRelevance.splitQualifiers`): the specific
 * question terms (not `fee`/`cost`) named by some row with an amount but by none of the context
 * (heading, label lines, prose), when no single row with an amount of that table (a run of rows) names all of them;
 * a table where one row names them all answers the question, and then none are split. A comparison
 * (`QuestionProfile.comparison`) has none split: each side is its own row.
 */
export function findSplitQualifiers(profile: QuestionProfile, units: readonly string[], heading: TokenStream, answerRow: string | undefined): string[] {
  // A comparison (`real time vs delayed`) asks for one row per side: its qualifiers are split by design.
  if (answerRow === undefined || !isCellRow(answerRow) || profile.comparison === true) return [];
  const qualifiers = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount);
  if (qualifiers.length < 2) return [];
  // A table is a run of consecutive rows; a label or heading line between rows starts another table.
  const tables: string[][] = [];
  let run: string[] = [];
  for (const unit of units) {
    if (isCellRow(unit)) {
      run.push(unit);
    } else if (run.length > 0) {
      tables.push(run);
      run = [];
    }
  }
  if (run.length > 0) tables.push(run);
  // The context: the heading, prose and label lines, and header rows (rows without an amount).
  const context = [heading, ...units.filter((unit) => !isCellRow(unit) || !hasMoneyAmount(unit)).map(tokenStream)];
  for (const table of tables) {
    // Only the table holding the row that best answers the question (the best line with an amount).
    if (!table.includes(answerRow)) continue;
    const rows = table.filter((row) => hasMoneyAmount(row));
    if (rows.length < 2) continue;
    const ownTerms = rows.map((row) => qualifiersNamedBy(qualifiers, row));
    const rowTerms = ownTerms.map((terms, position) => (isSubItemRow(terms, ownTerms[position - 1]) ? new Set([...ownTerms[position - 1]!, ...terms]) : terms));
    const inRows = qualifiers.filter((term) => rowTerms.some((terms) => terms.has(term)) && !context.some((stream) => termCredit(term, stream) > 0));
    if (inRows.length < 2) continue;
    return rowTerms.some((terms) => inRows.every((term) => terms.has(term))) ? [] : inRows.map((term) => term.display);
  }
  return [];
}

/**
 * True when a table row is a sub-item of the row with an amount above it, given the question's
 * qualifiers each names: the row above names two or more, this one some and none of those
 * (`Bundle – all exchanges` under `Non-Professional Depth of Market`), so it prices that row's
 * thing. Sibling rows repeat a qualifier (`Real-Time Top of Book | Non-Professional`, `Real-Time
 * Depth of Market | Professional`) or each name one of a list (`Enterprise`, `Premium`, `Basic`).
 */
function isSubItemRow<T>(terms: ReadonlySet<T>, above: ReadonlySet<T> | undefined): boolean {
  return above !== undefined && above.size >= 2 && terms.size > 0 && ![...terms].some((term) => above.has(term));
}

/**
 * `above` (the unit right before `row`) when both are table rows with an amount and `row` is a
 * sub-item of it (see `isSubItemRow`, on the question's specific terms): its context, like a
 * heading. Else undefined.
 */
export function findParentRow(profile: QuestionProfile, row: string, above: string | undefined): string | undefined {
  if (above === undefined || !isCellRow(row) || !isCellRow(above) || !hasMoneyAmount(row) || !hasMoneyAmount(above)) return undefined;
  const qualifiers = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount);
  return isSubItemRow(qualifiersNamedBy(qualifiers, row), qualifiersNamedBy(qualifiers, above)) ? above : undefined;
}

/** The qualifiers (specific question terms) that `text` names. */
function qualifiersNamedBy(qualifiers: readonly ProfileTerm[], text: string): Set<ProfileTerm> {
  const stream = tokenStream(text);
  return new Set(qualifiers.filter((term) => termCredit(term, stream) > 0));
}
