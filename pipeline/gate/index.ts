export { applyConfidenceGate } from './apply-confidence-gate.ts';
export type { ApplyConfidenceGateInput, CoverageTerm, GateDecision, GateRefusalReason } from './apply-confidence-gate.ts';
export { findNamesAbsentFromEvidence, findQuestionNames } from './find-names-absent-from-evidence.ts';
export type { EvidenceChunk, QuestionName } from './find-names-absent-from-evidence.ts';
export { DEFAULT_GATE_WEIGHTS_FILE, GateWeights, loadGateWeights } from './gate-weights.ts';
export { GATE_FEATURES } from './measure-gate-features.ts';
export type { Answerability } from './decide-answerability.ts';
