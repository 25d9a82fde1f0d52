import { isValueAsk } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';
import type { SegmentRelevance } from '../relevance/index.ts';
import { statedValuesOfKind } from '../text/index.ts';
import type { StatedValueKind } from '../text/index.ts';

/** A candidate answer unit as part-answering reads it. */
export interface PartCandidate {
  /** The sentence, or the row's cells joined by ` | `. */
  text: string;
  /** Its rank for the whole question (higher is better). */
  rank: number;
  /** Evidence position, for stable ties. */
  order: number;
}

/** How one unit answers one part of the question: its relevance to the part alone and its rank for it. */
export interface PartMeasure {
  relevance: SegmentRelevance;
  rank: number;
}

/**
 * The units that answer the parts of a question the chosen units leave unanswered. A question that
 * asks two things (`How often can a subscriber be audited, and how much notice is required?`) is
 * answered part by part: for each part (`splitQuestionParts`, profiled alone: its own terms and its
 * own ask), the candidate that answers it best — it names a specific term of the part itself, holds
 * the value the part asks for when it asks for one (a duration for `how much notice`), and ranks
 * highest for the part (then for the whole question, then in evidence order) — joins the answer,
 * unless a unit already chosen answers that part: it names a specific term only that part names
 * (`notice` of `…, and how much notice is required?`, not the `fees` two parts share), holds
 * the part's value when it asks for one, ranking for the part nearly as high as the part's best, and
 * is not the best of another part nor answers one better (a unit answers one value). So a part is
 * never answered twice, and the names that say
 * which agreement is meant (`In the X agreement with Y, what happens when…`) do not bring the
 * agreement's opening paragraph, which names them, when a chosen clause already says what happens.
 * A question of one part gets `[]`, and so does a part no candidate answers: nothing is stated for
 * a part the evidence does not hold.
 */
export function findPartAnswers<Unit extends PartCandidate>(
  parts: readonly QuestionProfile[],
  chosen: readonly Unit[],
  candidates: readonly Unit[],
  measureUnit: (part: QuestionProfile, unit: Unit) => PartMeasure,
): Unit[] {
  if (parts.length < 2) return [];
  const measure = rememberMeasures(requireOwnTerms(measureUnit));
  const bests = shareOutValues(
    parts,
    parts.map((part) => bestFor(part, parts, chosen, candidates, measure)),
    candidates,
    measure,
  );
  // How well a unit answers a part, as a share of the part's best rank (0 when it does not answer it).
  const share = (index: number, unit: Unit): number => {
    const best = bests[index];
    const measured = measure(parts[index]!, unit);
    return best === undefined || !answersPart(parts[index]!, measured) ? 0 : measured.rank / best.measured.rank;
  };
  const found: Unit[] = [];
  parts.forEach((part, index) => {
    const best = bests[index];
    if (best === undefined) return;
    // What this part asks about that no other part does (`notice` of `how much notice is required`):
    // a chosen unit answers the part only if it names one of these (the `fees` both parts name does not tell).
    const elsewhere = new Set(parts.filter((other) => other !== part).flatMap((other) => other.terms.map((term) => term.stems.join(' '))));
    const ownTerms = part.terms.filter((term) => term.weight === 1 && !elsewhere.has(term.stems.join(' ')));
    const own: QuestionProfile = ownTerms.length > 0 ? { ...part, terms: ownTerms } : part;
    // A chosen unit answers the part when it names the part's own words and, for a part asking a
    // value, holds one and answers the part nearly as well as its best does (`PART_ANSWER_SHARE` of
    // its rank): a clause of the same section naming the other party (`…written notice by the
    // vendor…`) with another duration does not answer `how long does the vendor have to fix a deficiency`.
    // A unit answers one value: the part it answers best (by share), not another part's best unit
    // (`pay D2 a sum of $1,400,000 … within the Warranty period` answers the buy-out part, not `what
    // is the yearly maintenance fee after the warranty`, though it names the warranty and a fee).
    const fitsElsewhere = (unit: Unit) =>
      parts.some((_, other) => other !== index && (bests[other]?.unit === unit || share(other, unit) > share(index, unit)));
    // …and, for a part asking a value, names as many of those words as the part's best unit does: `…a marketing fund fee of 2% of
    // Your total monthly gross sales` names the `monthly gross sales` of `what royalty on monthly gross
    // sales`, not its royalty, which the part's best (`…a royalty fee … of 5% of Your total monthly gross sales`) names too.
    const ownAll: QuestionProfile = { ...part, terms: part.terms.filter((term) => !elsewhere.has(term.stems.join(' '))) };
    const ownNamed = (unit: Unit) => measure(ownAll, unit).relevance.ownMatches;
    const answered = (unit: Unit) =>
      unit === best.unit ||
      (answersPart(part, measure(own, unit)) &&
        (!asksValueOf(part) || (measure(part, unit).rank >= PART_ANSWER_SHARE * best.measured.rank && !fitsElsewhere(unit) && ownNamed(unit) >= ownNamed(best.unit))));
    if ([...chosen, ...found].some(answered)) return;
    found.push(best.unit);
  });
  return found;
}

/**
 * A unit gives one value to one part: parts asking a value of the same kind whose best is the same
 * unit, which states fewer values of that kind than there are parts (`…may cancel an order up to
 * nine (9) weeks after a tariff change` for both `how many weeks to cancel after a tariff change` and
 * `what cancellation notice applies`), keep it only for as many parts as it has values, those it
 * leads most over their next best; each other part takes its next best, when one answers it (`The
 * atlas licence costs $2,000 a year` answering `the yearly atlas fee`, beside `… $90 per extra map`
 * answering `the price of one extra map`). A part nothing else answers keeps the unit.
 */
function shareOutValues<Unit extends PartCandidate>(
  parts: readonly QuestionProfile[],
  bests: ReadonlyArray<{ unit: Unit; measured: PartMeasure } | undefined>,
  candidates: readonly Unit[],
  measure: (part: QuestionProfile, unit: Unit) => PartMeasure,
): Array<{ unit: Unit; measured: PartMeasure } | undefined> {
  // The value-asking parts grouped by their best unit and the kind they ask (a question has a few parts).
  const groups: { unit: Unit; ask: StatedValueKind; indexes: number[] }[] = [];
  bests.forEach((best, index) => {
    const ask = parts[index]!.ask;
    if (best === undefined || !isValueAsk(ask)) return;
    const group = groups.find((entry) => entry.unit === best.unit && entry.ask === ask);
    if (group === undefined) groups.push({ unit: best.unit, ask, indexes: [index] });
    else group.indexes.push(index);
  });
  const result = [...bests];
  for (const { ask, indexes } of groups) {
    const best = bests[indexes[0]!]!;
    const room = Math.max(1, statedValuesOfKind(best.unit.text, ask).length);
    if (indexes.length <= room) continue;
    // Each part's next best: the best of the other candidates.
    const others = candidates.filter((unit) => unit !== best.unit);
    const nexts = indexes.map((index) => bestAmong(parts[index]!, others, measure, new Set()));
    const lead = (at: number) => best.measured.rank - (nexts[at]?.measured.rank ?? Number.NEGATIVE_INFINITY);
    const order = indexes.map((_, at) => at).sort((left, right) => lead(right) - lead(left) || left - right);
    for (const at of order.slice(room)) {
      if (nexts[at] !== undefined) result[indexes[at]!] = nexts[at];
    }
  }
  return result;
}

/**
 * The unit answering a part best: it names a specific term of the part, holds the value the part asks
 * for, and ranks highest for the part, then for the whole question, then in evidence order. On a tie
 * for the part, a unit not chosen yet beats a chosen one that answers another part better: `notice …
 * to remove a product` ties between the 90-day clause and the 30-day clause chosen for `drop a product
 * after a fee increase notice`, which that part names more of.
 */
function bestFor<Unit extends PartCandidate>(
  part: QuestionProfile,
  parts: readonly QuestionProfile[],
  chosen: readonly Unit[],
  candidates: readonly Unit[],
  measure: (part: QuestionProfile, unit: Unit) => PartMeasure,
): { unit: Unit; measured: PartMeasure } | undefined {
  const taken = new Set<Unit>(
    chosen.filter((unit) => {
      const here = measure(part, unit).rank;
      return parts.some((other) => other !== part && measure(other, unit).rank > here && answersPart(other, measure(other, unit)));
    }),
  );
  return bestAmong(part, candidates, measure, taken);
}

/** Of `candidates`, the unit answering `part` best, by the part's rank, then the whole question's, then evidence order (`taken` ones last on a tie). */
function bestAmong<Unit extends PartCandidate>(
  part: QuestionProfile,
  candidates: readonly Unit[],
  measure: (part: QuestionProfile, unit: Unit) => PartMeasure,
  taken: ReadonlySet<Unit>,
): { unit: Unit; measured: PartMeasure } | undefined {
  let best: { unit: Unit; measured: PartMeasure } | undefined;
  for (const unit of candidates) {
    const measured = measure(part, unit);
    if (!answersPart(part, measured)) continue;
    if (best === undefined || isBetter(unit, measured, best.unit, best.measured, taken)) best = { unit, measured };
  }
  return best;
}

function asksValueOf(part: QuestionProfile): boolean {
  return part.ask !== 'none' && part.ask !== 'definition';
}


/** Whether a unit answers a part: it names a specific term of the part (any term, when it has none) and holds the value the part asks for, if it asks one. */
function answersPart(part: QuestionProfile, measured: PartMeasure): boolean {
  const specific = part.terms.some((term) => term.weight === 1);
  return (specific ? measured.relevance.ownSpecificMatches > 0 : measured.relevance.ownMatches > 0) && (!asksValueOf(part) || measured.relevance.askMet);
}

/**
 * `measure`, where a part that refers back (`QuestionProfile.ownTerms`: `…, and who is eligible for
 * it?`) finds a unit naming none of its own terms naming nothing: the unit says what `it` is, not
 * who is eligible (it ranks as before, but answers no part).
 */
function requireOwnTerms<Unit>(measure: (part: QuestionProfile, unit: Unit) => PartMeasure): (part: QuestionProfile, unit: Unit) => PartMeasure {
  const owns = new WeakMap<QuestionProfile, QuestionProfile>();
  return (part, unit) => {
    const measured = measure(part, unit);
    if (part.ownTerms === undefined) return measured;
    let own = owns.get(part);
    if (own === undefined) owns.set(part, (own = { ...part, terms: part.ownTerms, ownTerms: undefined }));
    if (measure(own, unit).relevance.ownMatches > 0) return measured;
    return { ...measured, relevance: { ...measured.relevance, ownSpecificMatches: 0, ownMatches: 0 } };
  };
}

/** `measure` with each part and unit measured once: a part's best, shares and checks read the same units again and again. */
function rememberMeasures<Unit>(measure: (part: QuestionProfile, unit: Unit) => PartMeasure): (part: QuestionProfile, unit: Unit) => PartMeasure {
  const byPart = new Map<QuestionProfile, Map<Unit, PartMeasure>>();
  return (part, unit) => {
    let measured = byPart.get(part);
    if (measured === undefined) byPart.set(part, (measured = new Map()));
    let result = measured.get(unit);
    if (result === undefined) measured.set(unit, (result = measure(part, unit)));
    return result;
  };
}

/** The share of a part's best rank a chosen unit must reach to answer the part itself. */
const PART_ANSWER_SHARE = 0.85;

function isBetter<Unit extends PartCandidate>(unit: Unit, measured: PartMeasure, other: Unit, otherMeasured: PartMeasure, taken: ReadonlySet<Unit>): boolean {
  if (measured.rank !== otherMeasured.rank) return measured.rank > otherMeasured.rank;
  if (taken.has(unit) !== taken.has(other)) return taken.has(other);
  if (unit.rank !== other.rank) return unit.rank > other.rank;
  return unit.order < other.order;
}
