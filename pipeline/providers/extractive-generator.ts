import { countTokens } from '../chunk/count-tokens.ts';
import type { AnswerSentence, GenerationOutput, GenerationRequest, GenerationResult, Generator, GeneratorInfo } from './generator.ts';
import { definesTerm, hasDate } from '../text/index.ts';
import { findOtherSides } from './find-other-sides.ts';
import { findPartyNames, findStatedValues } from './find-stated-values.ts';
import { findPartAnswers } from './find-part-answers.ts';
import { measurePart, partsOf } from './measure-question-parts.ts';
import { namesTerm } from '../question/index.ts';
import type { OfflineLexicalOptions, QuestionProfile } from '../question/index.ts';
import { fitting, readAnswerPool, type Unit } from './read-answer-units.ts';
import { scoreAnswerUnit, type AnswerUnitWeights } from './answer-unit-weights.ts';
import { measureAnswerUnits } from './measure-answer-units.ts';

/** Options of `createExtractiveGenerator`. */
export interface ExtractiveGeneratorOptions extends OfflineLexicalOptions {
  /** The clock for `latencyMs` (default `performance.now`). */
  now?: () => number;
}

/**
 * A value question answered by a sentence: further sentences join when they rank at least 0.85 of
 * it (the share the generator has used since the start of the change set; not refitted).
 */
const VALUE_FOLLOWER_SHARE = 0.85;
/** At most this many sentences or rows in an answer (fewer when `maxSentences` says so). */
const ANSWER_SENTENCES = 6;
/**
 * A question not asking for a value (what a clause requires, which categories exist, how a tier is
 * set) may need several sentences or list items: those ranking at least 0.6 of the best join it.
 */
const EXPLANATION_FOLLOWER_SHARE = 0.6;

/**
 * Creates the offline generator. It never writes a word of its own: the answer is made of evidence
 * sentences and table rows (`splitIntoUnits`), verbatim except that runs of whitespace (PDF line
 * wraps) become one space and the ends are trimmed. Table rows keep their ` | ` cell separators as
 * extracted, because a `, ` join would blur with thousands separators (`Licensee Group, $29,280`);
 * a row under a label line (`Display Device`, `Category A1 – Trading As a Principal`) gets the label
 * as its first cell, `Display Device | Real Time | Device | $134.50`, since the bare row would not
 * say what it prices. Every cell and every number is copied from the evidence. Each sentence
 * carries the anchor of the evidence it was taken from (every anchor, when the same sentence occurs
 * in several evidence items); the `[C#]` marker itself is left to the renderer.
 *
 * Selection uses the offline reranker's features on every sentence, with its section heading as
 * context: weighted coverage of the question's terms, plus 0.5 for holding the amount, date or
 * duration asked for (1 for the definition of the subject of a definition question), 0.1 per
 * verbatim question phrase (at most 0.3), and 0.3 for a date set as a deadline (`by December 1,
 * 2025`) when the question asks by what date. A sentence counts only when it names a specific question
 * term itself, or holds the value asked for under a section heading that names one (a `$0` row
 * under `Event Contract Information`); a bare heading line (under six words, no cells, no final
 * punctuation) never does. When the question asks for a value and some sentence holds one, only
 * such sentences are used. When the question names a label (`Category C`), a unit naming another
 * label of that kind (`Category A1`) is left out, if some unit names the one asked. The best
 * sentence comes first (on equal rank, the one whose own words the question names most wholly:
 * `measureQualifierFit`; then evidence order). A value question, or any question whose best unit is
 * a priced table row, is answered by that unit and one unit for each other side the question asks
 * about (`findOtherSides`: the other year, the other category of a comparison), never by the
 * table's other rows. A question asking two things (`When was it due, and what is the penalty?`,
 * `splitQuestionParts`) gets, right after the best, the unit answering each part no chosen unit
 * answers (`findPartAnswers`). A question stating a count (`15 indices`, `about 150 people`) leaves
 * out the rows whose bands of counts hold none it states (`2 – 10 Indices`), when a row's band
 * holds one (`findQuantityBands`; a length of time, `an 8-year swap`, only in a band of time). Any other question gets the sentences ranking at least 0.6 of the best, up to
 * `min(maxSentences, 6)`, but none stating an amount, percentage or date (`findStatedValues`) that
 * neither the question nor the best sentence states, unless it defines a term the question names
 * (`Affiliate: …`). A sentence ending in `:` or `;` brings its list items (the lines up to the next
 * marked item when their bullets were lost; an item ending in `:` brings its own list) or its next
 * sentence, and one ending in `and`, `or` or `,` brings the unit after it; a question listing labels
 * (`categories (A, B, and C)`) gets each label's best sentence first; a table row is read under the
 * sentence ending in `:` that introduces its table (which leads the answer when it names more of the
 * question than the row), under its column names (`number of seats | Price per seat` over `1 - 500 |
 * $4.00`), and a sub-item row (`Bundle – all exchanges`) under its parent row; a row whose last cell
 * is a bare figure read where a currency is named (`Per EUR Million | 5 up to 10 years | 0.04`)
 * states an amount; a
 * date question answered by an undated sentence brings the dated label above it. While there is room left, a
 * chosen sentence is followed by the next sentence of its own paragraph (`splitIntoPassages`: never
 * across a heading, a table row, a list item or the next definition line), which continues it
 * (`Unit of Count: the unit of measure… Unless otherwise advised by CME, Device is the default Unit
 * of Count…`), unless it states an amount, percentage or date nobody asked about (the rest of the
 * definition of a term the question names may). A `label: value` line holding a number (`Effective Date: April 1, 2025`) is not a
 * bare heading. When no sentence overlaps the
 * question, the reply is `request.refusal`, word for word.
 *
 * Confidence: `High` when the best sentence holds what was asked for and covers at least 0.6 of the
 * question (any definition of the subject), `Medium` when it covers at least 0.4, `Low` otherwise.
 * Telemetry: model `extractive-v1`, one attempt, cl100k_base token counts of prompt and answer,
 * finish reason `stop`, never cached.
 */
export function createExtractiveGenerator(options: ExtractiveGeneratorOptions = {}, unitWeights?: AnswerUnitWeights): Generator {
  const info: GeneratorInfo = { name: 'offline-extractive', model: unitWeights === undefined ? 'extractive-v1' : `extractive-v1+${unitWeights.version}` };
  const now = options.now ?? (() => performance.now());
  return {
    info,
    async generate(request: GenerationRequest): Promise<GenerationResult> {
      const started = now();
      const output = composeAnswer(request, options, unitWeights);
      const answerText = output.kind === 'refusal' ? output.text : output.sentences.map((sentence) => sentence.text).join(' ');
      return {
        output,
        telemetry: {
          model: info.model,
          promptSha256: request.promptSha256,
          attempts: 1,
          latencyMs: now() - started,
          promptTokens: countTokens(request.prompt),
          completionTokens: countTokens(answerText),
          finishReason: 'stop',
          cached: false,
        },
      };
    },
  };
}

function composeAnswer(request: GenerationRequest, options: OfflineLexicalOptions, unitWeights: AnswerUnitWeights | undefined): GenerationOutput {
  const read = readAnswerPool(request, options);
  const refusal: GenerationOutput = { kind: 'refusal', text: request.refusal };
  if (read === undefined) return refusal;
  const { profile, byText, eligible, answering, asksValue, remember } = read;
  // With learned weights, the units that may answer are taken in the order the ranker scores them
  // (the rules' order breaks ties); the rest of the composition reads that order as before.
  const pool = unitWeights === undefined ? read.pool : orderByLearnedScore(read.pool, request.question, profile, unitWeights);
  const best = pool[0]!;
  // A question naming one agreement (its names chose the best unit's document: `the Quill Orchard
  // franchise…`) is answered from the agreements it names: another agreement's clause (a second
  // franchise's audit cap) answers no part of it, nor states its other side. Naming two or more
  // (`the X licence versus the Y licence`) asks each of them (`unit.side`, below).
  const sides = new Set(pool.flatMap((unit) => (unit.side === undefined ? [] : [unit.side])));
  const ofNamed = (unit: Unit) => unit.named === true || unit.documentTerms !== undefined;
  const named = ofNamed(best) && sides.size < 2 ? pool.filter(ofNamed) : pool;
  const limit = Math.max(1, Math.min(request.maxSentences, ANSWER_SENTENCES));
  // The values an answer may state beyond those of its best unit: the question's own (`effective
  // April 1, 2025`). Any other figure or date belongs to a unit chosen for it.
  const askedValues = new Set([...findStatedValues(request.question), ...findStatedValues(best.text)]);
  // …unless the unit defines a term the question names (`Affiliate: … fifty percent (50%) …`): what
  // the term means is what was asked.
  const definesAskedTerm = (unit: Unit) => profile.terms.some((term) => term.weight === 1 && definesTerm(unit.text, term.display.split('|')[0]!.split(' ')));
  // A party the question does not name (by the first word of its name) and the best unit does not
  // state is unasked too: an opening paragraph naming the parties adds nothing to a liability cap.
  const askedWords = new Set(request.question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const bestParties = new Set(findPartyNames(best.text));
  const unaskedParty = (name: string) => !bestParties.has(name) && !askedWords.has(name.match(/[\p{L}\p{N}]+/u)?.[0] ?? '');
  const statesUnaskedValue = (unit: Unit) => (findStatedValues(unit.text).some((value) => !askedValues.has(value)) || findPartyNames(unit.text).some(unaskedParty)) && !definesAskedTerm(unit);
  // A value question is answered by the one unit holding the value that best matches its
  // qualifiers, and by one unit for each other side it asks about (the other year, the other
  // category); its table's other rows are not stated. Any other question may need several
  // sentences; those ranking near the best join, but not one stating a figure or date the
  // question did not ask about and the best unit does not give.
  // A best unit that is a priced table row answers a lookup, whatever the question's wording
  // (`what is the difference between the delayed and real-time fees`): one row per side.
  const answersByRow = best.text.includes(' | ') && findStatedValues(best.text).length > 0;
  // A value stated in prose (`for a period of ten (10) years`, `upon sixty (60) days' notice`) is
  // read less surely than a row: sentences ranking at least 0.85 of the best join it, as before,
  // when they state no figure or date nobody asked about (a further duration may).
  const proseFollowers = answersByRow || best.text.includes(' | ') ? [] : named.slice(1).filter((unit) => unit.rank >= VALUE_FOLLOWER_SHARE * best.rank && !unit.text.includes(' | '));
  const leaders =
    (asksValue && answering.length > 0) || answersByRow
      ? [best, ...findOtherSides(profile, best, named, request.question), ...proseFollowers.filter((unit) => !statesUnaskedValue(unit))]
      : [best, ...named.slice(1).filter((unit) => unit.rank >= EXPLANATION_FOLLOWER_SHARE * best.rank && !statesUnaskedValue(unit))];
  // A question asking two things (`how often…, and how much notice…`) gets an answer to each: a
  // part the units above leave unanswered brings the unit answering it best, right after the best.
  const parts = remember(() => 'parts', () => partsOf(request.question, options));
  const partAnswers = findPartAnswers(parts, leaders, fitting(named === pool ? eligible : eligible.filter(ofNamed)), measurePart);
  leaders.splice(1, 0, ...partAnswers);
  // A question naming two or more agreements (`the X licence versus the Y licence`) asks each of
  // them: an agreement no unit above is from brings its best unit of those answering the question,
  // one naming what is asked of the agreement, not only its names, and ranking at least 0.6 of the
  // best (a signature block naming `Trademark License Agreement` does not say what was asked).
  if (sides.size >= 2) {
    for (const side of sides) {
      if (leaders.some((unit) => unit.side === side)) continue;
      const unit = pool.find((candidate) => candidate.side === side && candidate.clause.ownSpecificMatches > 0 && candidate.rank >= EXPLANATION_FOLLOWER_SHARE * best.rank);
      if (unit !== undefined) leaders.splice(1 + partAnswers.length, 0, unit);
    }
  }
  // A sentence that introduces a list (`…for any of the following uses:`) brings its items.
  const chosen: Unit[] = [];
  const bring = (unit: Unit, depth: number) => {
    if (!chosen.includes(unit)) chosen.push(unit);
    // …and an item that introduces a list of its own (`(2) … for any of the following uses:`) brings that one.
    if (depth > 1) return;
    for (const item of unit.items ?? []) {
      const itemUnit = byText.get(item);
      if (itemUnit !== undefined) bring(itemUnit, depth + 1);
    }
  };
  // A question that lists labels (`categories (A, B, and C)`) asks about each: the best sentence
  // naming each label comes first, before any list items take the room.
  const listed = profile.terms.filter((term) => term.listed === true);
  if (listed.length >= 2) {
    for (const term of listed) {
      const unit = named.find((candidate) => namesTerm(term, candidate.text));
      if (unit !== undefined && !chosen.includes(unit)) chosen.push(unit);
    }
  }
  for (const leader of leaders) bring(leader, 0);
  chosen.splice(limit);
  // A date question answered by a sentence without a date, or a part asking when (`…, and since when
  // not?`) that no chosen unit dates: the dated label the best sits under says when.
  const partAsksDate = parts.some((part) => part.ask === 'date') && !chosen.some((unit) => hasDate(unit.text));
  if (((profile.ask === 'date' && !best.relevance.askMet) || partAsksDate) && best.datedBy !== undefined) {
    const label = byText.get(best.datedBy);
    if (label !== undefined && !chosen.includes(label)) {
      chosen.unshift(label);
      chosen.splice(limit);
    }
  }
  // A row whose table's caption names more of the question than the row does (`CME Term SOFR …
  // Fees Effective January 1, 2026:` above `Financial Institution | 1 - 25 | $50 | $125`): the caption says what it prices.
  const caption = best.captionedBy === undefined ? undefined : byText.get(best.captionedBy);
  if (caption !== undefined && !chosen.includes(caption) && caption.relevance.ownSpecificMatches > best.relevance.ownSpecificMatches) {
    chosen.unshift(caption);
    chosen.splice(limit);
  }
  // Room left: a chosen sentence brings the next sentence of its paragraph, which continues it.
  // A next sentence stating a figure or date nobody asked for (`…report due by February 28, 2025`
  // after the fee asked about) is another statement, not the continuation.
  for (let index = 0; index < chosen.length && chosen.length < limit; index += 1) {
    const next = chosen[index]!.next === undefined ? undefined : byText.get(chosen[index]!.next!);
    // (The rest of the definition of a term the question names continues it, figures and all.)
    if (next !== undefined && !chosen.includes(next) && (!statesUnaskedValue(next) || definesAskedTerm(chosen[index]!))) chosen.splice(index + 1, 0, next);
  }

  const sentences: AnswerSentence[] = chosen.map((unit) => ({ text: unit.text, anchors: [...unit.anchors] }));
  const confidence =
    best.relevance.askMet && (profile.ask === 'definition' || best.relevance.coverage >= 0.6)
      ? 'High'
      : best.relevance.coverage >= 0.4
        ? 'Medium'
        : 'Low';
  return { kind: 'answer', sentences, confidence };
}


/**
 * The pool with its leading units, those the rules rank within `VALUE_FOLLOWER_SHARE` of the best
 * (near ties, where the rules' tie-breaks decide), in the order the learned ranker scores them;
 * the units ranked below keep the rules' order after them, and so do equal scores. The pool is in
 * rank order, so the leading units are its first ones: only they are measured.
 */
function orderByLearnedScore(pool: readonly Unit[], question: string, profile: QuestionProfile, weights: AnswerUnitWeights): Unit[] {
  const top = pool[0]?.rank ?? 0;
  const leadingCount = pool.findIndex((unit) => unit.rank < VALUE_FOLLOWER_SHARE * top);
  const leading = leadingCount < 0 ? pool : pool.slice(0, leadingCount);
  const scores = measureAnswerUnits(leading, question, profile).map((row) => scoreAnswerUnit(weights, row));
  const ordered = leading.map((unit, place) => ({ unit, place, score: scores[place]! })).sort((left, right) => right.score - left.score || left.place - right.place);
  return [...ordered.map((entry) => entry.unit), ...pool.slice(leading.length)];
}
