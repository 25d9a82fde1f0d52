/** Run reports: the canonical `RunReport` schema, building, writing, reading and merging it, and its views. */
export { buildRunReport } from './build-run-report.ts';
export type { BuildRunReportInput } from './build-run-report.ts';
export { CaseOutcome, CaseResult, CaseScoreRecord, LocatedEvidence } from './case-result.ts';
export { describeCase } from './describe-case.ts';
export type { CaseDescription } from './describe-case.ts';
export { formatCaseLine } from './format-case-line.ts';
export { formatCompactRunSummary } from './format-compact-run-summary.ts';
export { formatRunSummary } from './format-run-summary.ts';
export { mergeRunReports } from './merge-run-reports.ts';
export type { MergeRunReportsInput } from './merge-run-reports.ts';
export { readRunReport, restoreTraces } from './read-run-report.ts';
export { renderReportHtml } from './render-report-html.ts';
export type { ReportHtmlSections } from './render-report-html.ts';
export { CategoryBreakdown, GateResultRecord, RateMetricRecord, RunMetricsRecord, RunOptions, RunReport, RunVersions, ShardSpec } from './run-report.ts';
export { REPORT_FILES, writeRunReport } from './write-run-report.ts';
