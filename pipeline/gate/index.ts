export { applyConfidenceGate } from './apply-confidence-gate.ts';
export type { ApplyConfidenceGateInput, CoverageTerm, GateDecision, GateRefusalReason } from './apply-confidence-gate.ts';
export { findNamesAbsentFromEvidence, findQuestionNames } from './find-names-absent-from-evidence.ts';
export type { EvidenceChunk, QuestionName } from './find-names-absent-from-evidence.ts';
