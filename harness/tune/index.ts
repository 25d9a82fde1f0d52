/** `harness tune`: fits the learned models (reranker, gate, ask reading, answer unit) on golden suites with cross-validation. */
export { collectTuningRows } from './collect-tuning-rows.ts';
export type { TuningGroup } from './collect-tuning-rows.ts';
export { chooseRelevanceThreshold, chooseThreshold, crossValidate, fitGroups, fitTunedModel, foldOf, measureGroups } from './cross-validate.ts';
export type { FoldResult, RankingFigures, TunedModel } from './cross-validate.ts';
export { fitLogisticRegression, predictProbability } from './fit-logistic-regression.ts';
export type { FitOptions, LogisticModel } from './fit-logistic-regression.ts';
export { chooseBalancedThreshold, collectGateRows, crossValidateGate, fitGateModel, measureGateModel } from './fit-gate-model.ts';
export type { GateFigures, GateFold, GateModel, GateRow } from './fit-gate-model.ts';
export { chooseVocabulary, crossValidateAsk, findCapitalisedWords, fitAskModel, labelAnswerKind, measureAskModel } from './fit-ask-model.ts';
export type { AskFold, AskRow } from './fit-ask-model.ts';
export { collectUnitGroups, crossValidateUnitRanker, fitUnitRanker } from './fit-answer-units.ts';
export type { UnitFold, UnitGroup } from './fit-answer-units.ts';
export { recordFolds } from './record-folds.ts';
