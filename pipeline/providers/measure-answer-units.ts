import { findStatedValues } from './find-stated-values.ts';
import type { Unit } from './read-answer-units.ts';
import { isPartiesParagraph, sharedWordCounts } from './read-unit-roles.ts';
import { hasDate, hasDuration, hasMoneyAmount, hasPercentage } from '../text/index.ts';
import { isValueAsk } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';

/**
 * What the learned choice of answer unit reads of each unit that may answer (`readAnswerPool`'s
 * pool), in this order; the answer-unit weights file names them and is refused when they differ.
 * All general: how the unit matches the question's terms and its heading, what kind of value it
 * holds against the kind asked, how the question's labels and counts fit it, where it sits.
 */
export const ANSWER_UNIT_FEATURES = [
  'rank',
  'rankShare',
  'rulesFirst',
  'coverage',
  'ownSpecificMatches',
  'headingSpecificMatches',
  'ownMatches',
  'askMet',
  'valueAskedAndMet',
  'phrasesMatched',
  'clauseCoverage',
  'clauseOwnSpecific',
  'fitPrecision',
  'askedLabels',
  'otherLabels',
  'bandHolds',
  'bandMisses',
  'isRow',
  'statesValue',
  'holdsMoney',
  'holdsDuration',
  'holdsDate',
  'holdsPercentage',
  'namesAskedYear',
  'evidenceRank',
  'sharedWords',
  'logWords',
  'endsOpen',
  'partiesParagraph',
] as const;

/**
 * The features (`ANSWER_UNIT_FEATURES`) of each unit of the pool, in pool order (the rules' order:
 * `rulesFirst` is 1 for the first, falling as 1/(1 + place)).
 */
export function measureAnswerUnits(pool: readonly Unit[], question: string, profile: QuestionProfile): number[][] {
  const topRank = Math.max(1e-9, ...pool.map((unit) => unit.rank));
  const shared = sharedWordCounts(question, pool);
  const valueAsked = isValueAsk(profile.ask) ? 1 : 0;
  return pool.map((unit, place) => {
    const values = {
      rank: unit.rank,
      rankShare: unit.rank / topRank,
      rulesFirst: 1 / (1 + place),
      coverage: unit.relevance.coverage,
      ownSpecificMatches: unit.relevance.ownSpecificMatches,
      headingSpecificMatches: unit.relevance.headingSpecificMatches,
      ownMatches: unit.relevance.ownMatches,
      askMet: unit.relevance.askMet ? 1 : 0,
      valueAskedAndMet: valueAsked * (unit.relevance.askMet ? 1 : 0),
      phrasesMatched: unit.relevance.phrasesMatched,
      clauseCoverage: unit.clause.coverage,
      clauseOwnSpecific: unit.clause.ownSpecificMatches,
      fitPrecision: unit.fit.precision,
      askedLabels: unit.fit.askedLabels,
      otherLabels: unit.fit.otherLabels,
      bandHolds: unit.band === 1 ? 1 : 0,
      bandMisses: unit.band === -1 ? 1 : 0,
      isRow: unit.text.includes(' | ') ? 1 : 0,
      statesValue: findStatedValues(unit.text).length > 0 ? 1 : 0,
      holdsMoney: hasMoneyAmount(unit.text) ? 1 : 0,
      holdsDuration: hasDuration(unit.text) ? 1 : 0,
      holdsDate: hasDate(unit.text) ? 1 : 0,
      holdsPercentage: hasPercentage(unit.text) ? 1 : 0,
      namesAskedYear: profile.years.some((year) => unit.text.includes(year) || unit.context.includes(year)) ? 1 : 0,
      evidenceRank: 1 / (1 + Math.min(...unit.anchors.map((anchor) => Number(anchor.replace(/\D/g, '')) || 0))),
      sharedWords: shared(unit),
      logWords: Math.log(1 + unit.text.split(' ').length),
      endsOpen: /[:;,]$/.test(unit.text) ? 1 : 0,
      partiesParagraph: isPartiesParagraph(unit.text) ? 1 : 0,
    } satisfies Record<(typeof ANSWER_UNIT_FEATURES)[number], number>;
    return ANSWER_UNIT_FEATURES.map((name) => values[name]);
  });
}
