/**
 * What other folders (the service) use of the pipeline: open a source's answer pipeline, answer a
 * question, ingest a source, the prompt builder and the audit log. The harness still imports the
 * stage folders directly; new callers import from here.
 */
export { answerQuestion } from './answer-question.ts';
export type { AnswerOptions, AnswerPipeline } from './answer-question.ts';
export type { StageMemo } from './remember-stage.ts';
export { openAnswerPipeline } from './open-answer-pipeline.ts';
export type { OpenedAnswerPipeline } from './open-answer-pipeline.ts';
export { AnswerResult, Citation, EvidenceRecord } from './answer-result.ts';
export { ClausegateError, isClausegateError } from './errors.ts';
export type { ClausegateErrorCode } from './errors.ts';
export { ClausegateConfig, loadConfig, formatIssues } from './config/index.ts';
export type { SourceDocumentRule } from './config/index.ts';
export type { IndexManifest, ManifestDocument } from './store/index.ts';
export { readCurrentIndexVersion } from './store/index.ts';
export type { LoadedConfig, ProviderEnvironment } from './config/index.ts';
export { applyDocumentRules, ingestSource, resolveSourceRoot } from './ingest/index.ts';
export type { IngestSummary } from './ingest/index.ts';
export { createEmbedder } from './providers/create-embedder.ts';
export type { GenerationRequest, GenerationResult, Generator } from './providers/generator.ts';
export { buildPrompt, PROMPT_VERSION } from './answer/index.ts';
export type { BuildPromptInput, BuiltPrompt } from './answer/index.ts';
export { createQueryLog } from './logging/create-query-log.ts';
export type { QueryLog } from './logging/create-query-log.ts';
export { sanitiseQuestion } from './question/index.ts';
export { countTokens } from './chunk/index.ts';
