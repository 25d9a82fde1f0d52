/** Golden suites: the case schemas, loading a suite with its problems, and locating expected quotes. */
export { formatGoldenProblem } from './format-golden-problem.ts';
export type { GoldenProblem } from './format-golden-problem.ts';
export { BaselineCase, ExpectedEvidence, GOLDEN_SCHEMA_VERSION, PERTURBATION_KINDS, PerturbationCase, SuiteSettings } from './golden-case.ts';
export { loadSuite } from './load-suite.ts';
export type { LoadedSuite } from './load-suite.ts';
export { createVerbatimCopyFinder } from './find-verbatim-copies.ts';
export type { QuoteCopy } from './find-verbatim-copies.ts';
export { QUOTE_MATCH_THRESHOLD, locateQuote, locateQuoteInTokens, tokenisePage } from './locate-quote.ts';
export type { PageToken, PageTokens, QuoteLocation } from './locate-quote.ts';
export type { GoldenEntry, GoldenLocation } from './parse-golden-lines.ts';
