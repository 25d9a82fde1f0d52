export { ingestSource, embeddingText, resolveSourceRoot } from './ingest-source.ts';
export type { IngestSourceInput, IngestSummary, IngestProgress, DocumentReport } from './ingest-source.ts';
export { listSourceFiles } from './list-source-files.ts';
export type { SourceFile } from './list-source-files.ts';
export { applyDocumentRules } from './describe-documents.ts';
