/**
 * The answer stage: choose the evidence, build the frozen prompt, validate what the generator says,
 * render it with citations.
 */
export { selectEvidence } from './select-evidence.ts';
export { selectWithExtras } from './select-with-extras.ts';
export type { EvidenceCandidate, EvidenceDrop, EvidenceDropReason, EvidenceSelection, SelectEvidenceInput, SelectedEvidence } from './select-evidence.ts';
export { ANSWER_SCHEMA, buildPrompt, PROMPT_VERSION } from './build-prompt.ts';
export type { AnswerJson, BuildPromptInput, BuiltPrompt, PromptSection, PromptSectionName } from './build-prompt.ts';
export { validateAnswer } from './validate-answer.ts';
export type { AnswerValidation, AnswerViolation, AnswerViolationCode, ValidateAnswerInput, ValidationEvidence } from './validate-answer.ts';
export { renderAnswer } from './render-answer.ts';
export type { RenderedAnswer, RenderedCitation } from './render-answer.ts';
export { findFigures } from './find-figures.ts';
export type { Figure } from './find-figures.ts';
export { emptyResult, readOcrPages, refuse, toCandidateRecord, toEvidenceRecord, toGenerationEvidence, toViolation } from './answer-records.ts';
