import type { GenerationEvidence, GenerationRequest } from './generator.ts';
import { findParentRow, measureSegment } from '../relevance/index.ts';
import type { SegmentRelevance } from '../relevance/index.ts';
import { hasDeadlineDate, splitIntoPassages } from '../text/index.ts';
import { measureQualifierFit, questionStemsOf, type QualifierFit } from './measure-qualifier-fit.ts';
import { fitColumnLabels } from './fit-column-labels.ts';
import { isDatedLabel, listItemsAfter } from './read-unit-lists.ts';
import { rankOf } from './measure-question-parts.ts';
import { asksMembers, dropUnmatchedFraming, isValueAsk, profileQuestion } from '../question/index.ts';
import type { OfflineLexicalOptions, QuestionProfile } from '../question/index.ts';
import { findQuestionQuantities, measureBandFit } from './find-quantity-bands.ts';
import { asksOpeningFacts, isBareHeading, isPartiesParagraph, sharedWordCounts } from './read-unit-roles.ts';
import { rememberValue, settingsKey } from '../remember-stage.ts';

// How the extractive generator reads its evidence: every sentence and table row as a unit, with what
// it says of the question, and the units that may answer it (`readAnswerPool`), best first.

// A price: a currency sign before a number.
const PRICE = /[$€£¥]\s?\d/;

/** A sentence or table row of the evidence, read under the question. */
export interface Unit {
  text: string;
  /** What it is read under: section heading, table caption, parent row, document name. */
  context: string;
  /** The section heading, table caption, column names and parent row it is measured under (without the document name). */
  heading: string;
  /** Its evidence item's document. */
  doc: string;
  /** The question's document-naming terms its document answers for (`GenerationEvidence.documentTerms`), if any. */
  documentTerms?: ReadonlySet<string> | undefined;
  /** Its relevance to the question without those terms (the clause asked of the document); `relevance` when there are none. */
  clause: SegmentRelevance;
  /** Whether that question (without the naming terms) has specific terms. */
  clauseSpecific: boolean;
  anchors: string[];
  /** Evidence position and position inside it, for stable tie-breaking. */
  order: number;
  relevance: SegmentRelevance;
  rank: number;
  /** How its own qualifiers fit the question's (labels, share of its words asked about). */
  fit: QualifierFit;
  /** Whether a band of counts it states holds a count the question states (1), none does (-1), or neither states one (0). */
  band: -1 | 0 | 1;
  /** The sentence right after it in the same passage (paragraph), if any. */
  next?: string;
  /** For a sentence ending in `:` or `;`, what completes it: the list items after it, or its next sentence. */
  items?: string[];
  /** Which agreement of several the question names its document is (`GenerationEvidence.side`), if any. */
  side?: number;
  /** Whether its document is the one agreement the question names (`GenerationEvidence.named`). */
  named?: boolean;
  /** The nearest `label: date` line above it in its evidence item (`Effective Date: March 3, 2031`), if any. */
  datedBy?: string;
  /** For a table row, the sentence ending in `:` that introduces its table (`2. Widget Feed Fees Effective May 1, 2031:`), if any. */
  captionedBy?: string;
}

/** A unit as read from its evidence item, before its place among the evidence (`anchors`, `order`) is known. */
type UnitReading = Omit<Unit, 'anchors' | 'order'>;

/** What `readAnswerPool` reads: the question's profile, every unit by its text, and the units that may answer. */
export interface AnswerPool {
  profile: QuestionProfile;
  /** Every unit of the evidence, by its text (a sentence in several items is one unit with every anchor). */
  byText: Map<string, Unit>;
  /** The units that overlap the question. */
  eligible: Unit[];
  /** Of those, the units holding the kind of value asked for. */
  answering: Unit[];
  asksValue: boolean;
  /** The units the best answer is chosen from, best first by the rules' rank. */
  pool: Unit[];
  /** Keeps what is read from the question under the request's stage memo. */
  remember: <Value>(what: () => string, compute: () => Value) => Value;
}

/**
 * Reads the evidence into units and chooses those that may answer: units overlapping the question,
 * those holding the value asked for when some do, without units naming another label of the kind
 * asked or a band of counts the question's count is not in; sorted by rank (on equal rank the unit
 * whose own words the question names most wholly, then the one sharing more of its words, then
 * evidence order). Undefined when no unit may answer (the generator refuses).
 */
export function readAnswerPool(request: GenerationRequest, options: OfflineLexicalOptions): AnswerPool | undefined {
  // With a stage memo, what is read from the question, and from each evidence item under the
  // question's terms, is kept by what it reads (the same question asked again with other evidence).
  const remember = <Value>(what: () => string, compute: () => Value): Value =>
    rememberValue(request.stageMemo, () => `extractive\u0000${settingsKey([options])}\u0000${request.question}\u0000${what()}`, compute);
  const reading = remember(() => 'question', () => ({ profile: profileQuestion(request.question, options), quantities: findQuestionQuantities(request.question) }));
  const profile = dropUnmatchedFraming(
    reading.profile,
    request.evidence.map((evidence) => `${evidence.sectionHeading}\n${evidence.text}`),
  );
  if (profile.terms.length === 0) return undefined;
  const hasSpecificTerms = profile.terms.some((term) => term.weight === 1);

  const { quantities } = reading;
  // The terms left once unmatched framing is dropped: what the units of an evidence item are read under.
  const profileTerms = profile === reading.profile ? '' : profile.terms.map((term) => term.stems.join(' ')).join('\u0001');
  /** The units of one evidence item, read under the question: sentences and rows, each with what it says of the question. */
  const readUnits = (evidence: GenerationEvidence): UnitReading[] => {
    const readings: UnitReading[] = [];
    const passages = splitIntoPassages(evidence.text);
    const units = passages.flat();
    let position = 0;
    let caption: string | undefined;
    // The column names over the rows below (`total quantity licensed | Fee per unit`), until prose ends the table.
    let columns: string | undefined;
    // The nearest unit above that is a `label: date` line, if any.
    let datedAbove: string | undefined;
    for (const passage of passages) {
      passage.forEach((text, index) => {
        order += 1;
        position += 1;
        const isRow = text.includes(' | ');
        // A sentence ending in `:` introduces the table below it, until a sentence ends (and with it the table's columns).
        if (!isRow && /[.;!?]$/.test(text)) {
          caption = undefined;
          columns = undefined;
        }
        const captionOfRow = isRow ? caption : undefined;
        if (!isRow && text.endsWith(':')) caption = text;
        const columnsOfRow = isRow && columns !== text ? columns : undefined;
        if (isRow && isColumnNames(text, units[position])) columns = text;
        // A row is read under its table's caption, and a sub-item row (`Bundle – all regions`) under
        // the row it belongs to, as under a heading.
        const context = [evidence.sectionHeading, captionOfRow, columnsOfRow, findParentRow(profile, text, units[position - 2])].filter((line) => line !== undefined);
        const heading = context.join('\n');
        const documentTerms = evidence.documentTerms === undefined ? undefined : new Set(evidence.documentTerms);
        // A table row is read under its own labels and heading: the document's names are not lent to it.
        const measured = measureSegment(profile, text, heading, evidence.doc, isRow ? undefined : documentTerms);
        // A row pricing in a column without its currency sign (`Per EUR Million | 5 up to 10 years | 0.04`) states an amount.
        const relevance = profile.ask === 'amount' && !measured.askMet && isRow && statesBarePrice(text, heading) ? { ...measured, askMet: true } : measured;
        const readIn = [...context, evidence.doc.replace(/[-_.]+/g, ' ')].join('\n');
        // A deadline question (`by what date…`) is answered by a date set as one (`by June 30, 2031`).
        const deadlineBonus = profile.deadline === true && hasDeadlineDate(text) ? 0.3 : 0;
        // What the unit says of the clause asked for: the question without the names that chose its document.
        const clauseProfile = documentTerms === undefined ? undefined : withoutTerms(profile, documentTerms);
        const clause = clauseProfile === undefined ? relevance : measureSegment(clauseProfile, text, heading, evidence.doc);
        const unit: UnitReading = { text, context: readIn, heading, doc: evidence.doc, documentTerms, relevance, clause, clauseSpecific: (clauseProfile ?? profile).terms.some((term) => term.weight === 1), rank: rankOf(profile, { ...relevance, phrasesMatched: clause.phrasesMatched }) + deadlineBonus, fit: measureQualifierFit(profile, text), band: measureBandFit(quantities, text), next: passage[index + 1] };
        if (captionOfRow !== undefined) unit.captionedBy = captionOfRow;
        if (evidence.side !== undefined) unit.side = evidence.side;
        if (evidence.named === true) unit.named = true;
        if (isDatedLabel(text) && units[position] !== undefined) unit.items = [units[position]!];
        if (datedAbove !== undefined) unit.datedBy = datedAbove;
        if (/[:;]$/.test(text)) {
          // A sentence ending in `:` or `;` is not finished: its list items, or else its next sentence, complete it.
          const items = text.endsWith(':') ? listItemsAfter(units, position) : [];
          const next = passage[index + 1];
          unit.items = items.length === 0 && next !== undefined ? [next] : items;
        } else if (/(?:,|\band|\bor)$/.test(text) && units[position] !== undefined) {
          // …nor is one ending in `and`, `or` or a comma (`(ii) is kept on site, and`): the
          // next unit, even a list item (`(iii) is shown to staff alone`), completes it.
          unit.items = [units[position]!];
        }
        readings.push(unit);
        if (isDatedLabel(text)) datedAbove = text;
      });
    }
    return readings;
  };
  const byText = new Map<string, Unit>();
  let order = 0;
  for (const evidence of request.evidence) {
    const key = () => `units\u0000${profileTerms}\u0000${JSON.stringify([evidence.doc, evidence.sectionHeading, evidence.documentTerms ?? null, evidence.side ?? null, evidence.named ?? null, evidence.text])}`;
    for (const unit of remember(key, () => readUnits(evidence))) {
      order += 1;
      const known = byText.get(unit.text);
      if (known) {
        if (!known.anchors.includes(evidence.anchor)) known.anchors.push(evidence.anchor);
        continue;
      }
      byText.set(unit.text, { ...unit, anchors: [evidence.anchor], order });
    }
  }
  // A table's rows are read by column too: a cell of the value the question names is a label asked,
  // a cell of another value in the same column a label not asked (`fitColumnLabels`).
  for (const [unit, fit] of fitColumnLabels([...byText.values()], questionStemsOf(profile))) unit.fit = fit;
  // A sentence overlaps the question when it names a question term itself, or when it holds the
  // value asked for under a heading that names one (a `$0` row under `Sample Widget Data`).
  // Of a document the question names (a party, a title), the names say nothing of which sentence
  // answers: the rest of the question is asked of the sentence (`unit.clause`), and a sentence
  // naming only the parties (the opening paragraph, a signature block) is not an answer.
  // When the names leave nothing any sentence holds (`when did the X Exchange become the Y
  // Exchange?`), the whole question is asked of each sentence, names and all.
  // An agreement's opening paragraph names the parties every question about it names: it answers
  // only what it states (the parties, the date), not an insurance or audit question.
  const openingAsked = asksOpeningFacts(request.question, profile.ask === 'date');
  const overlaps = (unit: Unit, byClause: boolean) => {
    if (isBareHeading(unit.text) || (!openingAsked && isPartiesParagraph(unit.text))) return false;
    const relevance = byClause ? unit.clause : unit.relevance;
    const specific = byClause && unit.documentTerms !== undefined ? unit.clauseSpecific : hasSpecificTerms;
    if (specific ? relevance.ownSpecificMatches > 0 : relevance.ownMatches > 0) return true;
    return relevance.askMet && relevance.headingSpecificMatches > 0;
  };
  const allUnits = [...byText.values()];
  const byClause = allUnits.filter((unit) => overlaps(unit, true));
  const eligible = byClause.length > 0 ? byClause : allUnits.filter((unit) => overlaps(unit, false));
  if (eligible.length === 0) return undefined;

  const answering = eligible.filter((unit) => unit.relevance.askMet);
  const asksValue = isValueAsk(profile.ask);
  // What a term is made of is words, not a price: when no unit defines the term asked about and
  // the question names no fee, a row pricing something under its name (`… Depth View: $2.10`)
  // does not answer `which fields make up Depth View`.
  const asksWords = profile.ask === 'definition' && answering.length === 0 && asksMembers(request.question) && !profile.terms.some((term) => term.satisfiedByAmount);
  const wordy = asksWords ? eligible.filter((unit) => !PRICE.test(unit.text)) : eligible;
  if (wordy.length === 0) return undefined;
  const candidates = asksValue && answering.length > 0 ? answering : wordy;
  // A unit naming another label of the kind the question names (`Category A1` when `Category C` is
  // asked) answers about something else, when some unit names the label asked.
  const pool = fitting(candidates);
  // Best first; on equal rank, the unit whose own words the question names most wholly (`E-Mini |
  // CBOT | Device` before `Display Device | Real Time | Device` for an E-mini CBOT display device),
  // then the unit sharing more of the question's own words, small ones too (`Each Region` before
  // `Any Region` when asked what each region costs), then evidence order.
  const shared = sharedWordCounts(request.question, pool);
  pool.sort((left, right) => right.rank - left.rank || right.fit.precision - left.fit.precision || shared(right) - shared(left) || left.order - right.order);
  return { profile, byText, eligible, answering, asksValue, pool, remember };
}

/**
 * Units naming another label of the kind the question names are left out, when some unit names the
 * one asked (a label word and code, or a table cell of the value asked: `fitColumnLabels`); so are
 * rows whose bands of counts hold none the question states (`26 up to 200` for about 150 people),
 * when some row's band holds one (`201 up to 2,000`).
 */
export function fitting<T extends { fit: QualifierFit; band: -1 | 0 | 1 }>(units: readonly T[]): T[] {
  const asked = (unit: T) => unit.fit.askedLabels > 0 || (unit.fit.askedCells ?? 0) > 0;
  const named = units.some(asked) ? units.filter((unit) => asked(unit) || unit.fit.otherLabels === 0) : [...units];
  return named.some((unit) => unit.band === 1) ? named.filter((unit) => unit.band !== -1) : named;
}

/** The profile without the terms and phrases whose every stem is in `stems` (the names that chose a document). */
function withoutTerms(profile: QuestionProfile, stems: ReadonlySet<string>): QuestionProfile {
  const named = (words: readonly string[]) => words.every((wordStem) => stems.has(wordStem));
  const terms = profile.terms.filter((term) => !named(term.stems));
  const phrases = profile.phrases.filter((phrase) => !named(phrase));
  return terms.length === profile.terms.length && phrases.length === profile.phrases.length ? profile : { ...profile, terms, phrases };
}

/**
 * A row of column names: short cells (at most six words each) without a figure, right above a row
 * holding one (`total quantity licensed | Fee per unit` over `1 - 500 | $4.00`). The rows below
 * are read under it, as under a heading: a row of figures says what it prices only through it.
 */
function isColumnNames(row: string, next: string | undefined): boolean {
  if (next === undefined || !next.includes(' | ') || !/\d/.test(next) || /\d/.test(row)) return false;
  return row.split(' | ').every((cell) => cell.trim().split(/\s+/).length <= 6);
}

// A currency named in words or by its code.
const CURRENCY_NAMED = /\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|dollars?|euros?|pounds sterling)\b/i;

/**
 * A row whose last cell is a bare figure with decimals or thousands separators (`0.05`, `1,250`),
 * read where a currency is named (the row itself, its caption or column names: `Per EUR Million
 * Notional`): a price written without its sign. A bare whole number (`12`) may count anything.
 */
function statesBarePrice(row: string, context: string): boolean {
  const last = row.split(' | ').at(-1)!.trim();
  return /^(?:\d+\.\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?)$/.test(last) && CURRENCY_NAMED.test(`${row}\n${context}`);
}
