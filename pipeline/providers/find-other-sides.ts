import { findFigures } from '../answer/index.ts';
import { namesTerm } from '../question/index.ts';
import { stemsOf } from '../text/index.ts';
import type { ProfileTerm, QuestionProfile } from '../question/index.ts';

/** A candidate answer unit as side-finding reads it: its text and the context it is read in. */
export interface SideCandidate {
  /** The sentence or table row (cells joined by ` | `). */
  text: string;
  /** What it is read under: section heading, table caption, parent row and document name. */
  context: string;
  /** The stems of the question's words that chose its document (a party's name), if any: they name an agreement, not a side. */
  documentTerms?: ReadonlySet<string> | undefined;
}

/**
 * The units that answer the other sides of a question the best unit answers one side of: a
 * comparison names two years, two categories or two tiers (`2025 vs 2026`, `delayed and real-time`),
 * and the best unit names only one. The sides are the question's specific terms (weight 1, not the
 * `fee` an amount answers; years included) that `best` names neither in its text nor in its context
 * (`namesSide`). A candidate answers such a side when it names the term and is parallel to `best`:
 * for table rows, the same label cells but at most one (the side: `Real Time` / `Delayed`; the same
 * labels in another year's list); for sentences, the same specific question terms named in the text
 * but at most one. A side that is a year needs no parallel unit: another year's list may lay the row
 * out differently (a notice's `Real Time Professional Device | $98.50` beside the fee list's
 * `Display Device | Real Time | Device | $101.50`), so the best-ranked unit of that year answers it.
 * A side the question sets beside another with a conjunction (`copper and zinc surcharges`,
 * `the loading fee and the storage fee`) needs no parallel unit either: the best-ranked unit whose own
 * text names it and states a figure answers it (`coordinatedSide`).
 * Candidates are read in `pool` order (best ranked first); each side is answered once. A question
 * whose terms `best` all names has no other side (`[]`). A comparison no term side answers may set
 * rows apart by words that are no terms (`per unit vs all units`; see `findWordedSide`, which reads
 * `question`).
 */
export function findOtherSides<Unit extends SideCandidate>(profile: QuestionProfile, best: Unit, pool: readonly Unit[], question?: string): Unit[] {
  const qualifiers = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount && !profile.years.includes(term.display));
  const bestOwn = namedBy(qualifiers, withoutDates(best.text));
  // A comparison's side that `best` names only by its context, which lists the sides (a heading
  // `Rates – Alpha, Beta & Gamma` above the row `Alpha | $10`), is still to be answered, by a unit
  // whose own text names it.
  const listed = new Set(profile.comparison === true ? listedSides(qualifiers, bestOwn, best) : []);
  const sideTerms = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount && (listed.has(term) || !namesSide(profile, term, best)));
  const sides = sideTerms.length === 0 ? [] : findTermSides(profile, best, pool, { qualifiers, bestOwn, listed, sideTerms });
  if (sides.length > 0 || profile.comparison !== true || question === undefined) return sides;
  const worded = findWordedSide(question, best, pool);
  return worded === undefined ? [] : [worded];
}

/** The units answering the sides `best` leaves unnamed (`sideTerms`), parallel units first. */
function findTermSides<Unit extends SideCandidate>(
  profile: QuestionProfile,
  best: Unit,
  pool: readonly Unit[],
  read: { qualifiers: readonly ProfileTerm[]; bestOwn: ReadonlySet<ProfileTerm>; listed: ReadonlySet<ProfileTerm>; sideTerms: readonly ProfileTerm[] },
): Unit[] {
  const { qualifiers, bestOwn, listed, sideTerms } = read;
  const answered = new Set<ProfileTerm>();
  const sides: Unit[] = [];
  // Parallel units first; then, for a year still unanswered, the best-ranked unit of that year (its
  // list may lay the row out differently).
  for (const parallelOnly of [true, false]) {
    // Past the parallel units, a word set beside another counts only where the unit's own text names it.
    const ownOnly = (term: ProfileTerm) => listed.has(term) || (!parallelOnly && term.coordinated === true);
    for (const unit of pool) {
      if (unit === best || sides.includes(unit) || answered.size === sideTerms.length) continue;
      const fills = sideTerms.filter((term) => !answered.has(term) && (ownOnly(term) ? namesTerm(term, withoutDates(unit.text)) : namesSide(profile, term, unit)));
      if (fills.length === 0) continue;
      const parallel = isParallel(best, unit, bestOwn, qualifiers);
      if (!parallel && (parallelOnly || !fills.every((term) => profile.years.includes(term.display) || coordinatedSide(term, best, unit, bestOwn)))) continue;
      sides.push(unit);
      for (const term of fills) answered.add(term);
    }
  }
  return sides;
}

/**
 * A word the question sets beside another (`what gold and silver rates`) that `best` does not name is
 * answered by the best-ranked unit naming it, laid out like `best` or not (a rate in a table row, the
 * other in a sentence), when it states a figure as `best` does and names the question's words `best`
 * names, but the sides (`rates`; not a row of another table that shares only the side's word). A word
 * of an agreement's name (`the Alder Lane franchise or the Birch franchise`) is not such a side: the
 * agreements named are answered each by its own document.
 */
function coordinatedSide(term: ProfileTerm, best: SideCandidate, unit: SideCandidate, bestOwn: ReadonlySet<ProfileTerm>): boolean {
  if (term.coordinated !== true || term.stems.some((wordStem) => best.documentTerms?.has(wordStem) === true || unit.documentTerms?.has(wordStem) === true)) return false;
  if (findFigures(unit.text).length === 0 && findFigures(best.text).length > 0) return false;
  const unitText = withoutDates(unit.text);
  return [...bestOwn].every((named) => named.coordinated === true || namesTerm(named, unitText));
}

/**
 * The row a comparison sets beside `best` when the two are told apart by words the question's terms
 * leave out (`per unit` and `all units`, `one site` and `every site`): the best-ranked row laid out
 * like `best` whose one other label cell adds words of its own, where the question writes both those
 * words and the words `best`'s cell adds in turn (the question names both sides).
 */
function findWordedSide<Unit extends SideCandidate>(question: string, best: Unit, pool: readonly Unit[]): Unit | undefined {
  const bestLabels = labelCells(best.text);
  if (bestLabels === undefined) return undefined;
  const asked = new Set(stemsOf(question));
  return pool.find((unit) => {
    const labels = labelCells(unit.text);
    if (unit === best || labels === undefined || labels.length !== bestLabels.length) return false;
    const differing = labels.flatMap((cell, index) => (cell === bestLabels[index] ? [] : [index]));
    if (differing.length !== 1) return false;
    const own = new Set(stemsOf(labels[differing[0]!]!));
    const bestOwn = new Set(stemsOf(bestLabels[differing[0]!]!));
    const added = [...own].filter((word) => !bestOwn.has(word));
    const bestAdded = [...bestOwn].filter((word) => !own.has(word));
    return added.length > 0 && bestAdded.length > 0 && [...added, ...bestAdded].every((word) => asked.has(word)) && findFigures(unit.text).length > 0;
  });
}

/**
 * A side is named by the unit's text or its context (the list's name gives its year and edition).
 * A month is not named by the date the unit states: `waived until January 1, 2026` answers when, it
 * is not the January list; a year is (`Effective January 1, 2026` prices 2026).
 */
function namesSide(profile: QuestionProfile, term: ProfileTerm, unit: SideCandidate): boolean {
  const text = profile.years.includes(term.display) ? unit.text : withoutDates(unit.text);
  return namesTerm(term, `${text}\n${unit.context}`);
}

/**
 * The qualifiers `unit`'s context names but its own text does not, when the context also names one
 * its text does (`bestOwn`): the context lists the sides (`Alpha, Beta & Gamma`); which one the unit
 * is, its text says.
 */
function listedSides(qualifiers: readonly ProfileTerm[], bestOwn: ReadonlySet<ProfileTerm>, unit: SideCandidate): ProfileTerm[] {
  const inContext = qualifiers.filter((term) => namesTerm(term, unit.context));
  return inContext.some((term) => bestOwn.has(term)) ? inContext.filter((term) => !bestOwn.has(term)) : [];
}

function withoutDates(text: string): string {
  let result = text;
  for (const figure of findFigures(text).reverse()) {
    if (figure.kind === 'date') result = `${result.slice(0, figure.index)}${result.slice(figure.index + figure.text.length)}`;
  }
  return result;
}

function namedBy(terms: readonly ProfileTerm[], text: string): Set<ProfileTerm> {
  return new Set(terms.filter((term) => namesTerm(term, text)));
}

function isParallel(best: SideCandidate, unit: SideCandidate, bestOwn: ReadonlySet<ProfileTerm>, qualifiers: readonly ProfileTerm[]): boolean {
  const bestLabels = labelCells(best.text);
  const unitLabels = labelCells(unit.text);
  if (bestLabels !== undefined || unitLabels !== undefined) {
    if (bestLabels === undefined || unitLabels === undefined || bestLabels.length !== unitLabels.length) return false;
    return bestLabels.filter((cell, index) => cell !== unitLabels[index]).length <= 1;
  }
  const unitOwn = namedBy(qualifiers, withoutDates(unit.text));
  const sideOnly = [...unitOwn].filter((term) => !bestOwn.has(term));
  // The same things named, or the same things but the side (`waived until …` in two editions).
  return [...bestOwn].every((term) => unitOwn.has(term)) && sideOnly.length <= 1;
}

// A cell that is a figure: an amount, a count, a band of counts (`201 - 2,000`).
const FIGURE_CELL = /^[\s$€£¥%\d.,()+\-–*]*\d[\s$€£¥%\d.,()+\-–*]*$/;

/** A table row's label cells (lower case, in order), its figure cells left out; undefined for a sentence. */
function labelCells(text: string): string[] | undefined {
  if (!text.includes(' | ')) return undefined;
  return text
    .split(' | ')
    .map((cell) => cell.trim().toLowerCase())
    .filter((cell) => cell !== '' && !FIGURE_CELL.test(cell));
}
