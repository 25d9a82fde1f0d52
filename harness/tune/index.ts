/** `harness tune`: fits the learned reranker's weights on golden suites with k-fold cross-validation. */
export { collectTuningRows } from './collect-tuning-rows.ts';
export type { TuningGroup } from './collect-tuning-rows.ts';
export { chooseRelevanceThreshold, chooseThreshold, crossValidate, fitGroups, fitTunedModel, foldOf, measureGroups } from './cross-validate.ts';
export type { FoldResult, RankingFigures, TunedModel } from './cross-validate.ts';
export { fitLogisticRegression, predictProbability } from './fit-logistic-regression.ts';
export type { FitOptions, LogisticModel } from './fit-logistic-regression.ts';
export { chooseBalancedThreshold, collectGateRows, crossValidateGate, fitGateModel, measureGateModel } from './fit-gate-model.ts';
export type { GateFigures, GateFold, GateModel, GateRow } from './fit-gate-model.ts';
