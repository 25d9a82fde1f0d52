export { countTokens, truncateToTokens } from './count-tokens.ts';
export { DEFINITION_LINE_PATTERN, detectDefinitions } from './detect-definitions.ts';
export type { DefinitionDetection, DetectedTerm } from './detect-definitions.ts';
export { CHUNKER_VERSION, chunkSections } from './chunk-sections.ts';
export type { ChunkSectionsInput } from './chunk-sections.ts';
export { buildDefinitionsIndex, createDefinedTermFinder, createDefinitionsCollector, findDefinedTerms } from './build-definitions-index.ts';
export type { DefinitionsCollector } from './build-definitions-index.ts';
