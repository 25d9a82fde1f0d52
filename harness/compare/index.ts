/** Before/after: committed baselines, comparing two reports, and the comparison's views. */
export { BaselineCase, BaselineReport } from './baseline-report.ts';
export { compareReports } from './compare-reports.ts';
export type { ComparisonInput } from './compare-reports.ts';
export { CaseChange, CaseSide, ComparedSide, Comparison, ConfigChange, GateChange, GateComparison, MetricDelta } from './comparison.ts';
export { diffConfig } from './diff-config.ts';
export { diffGates } from './diff-gates.ts';
export type { GateDefinition } from './diff-gates.ts';
export { loadComparableReport } from './load-comparable-report.ts';
export type { ComparableReport, LoadComparableReportOptions } from './load-comparable-report.ts';
export { renderComparisonHtml, renderComparisonSection } from './render-comparison-html.ts';
export type { RenderComparisonHtmlOptions, RenderComparisonSectionOptions } from './render-comparison-html.ts';
export { describeContractChanges, renderComparisonMarkdown } from './render-comparison-markdown.ts';
export type { RenderComparisonMarkdownOptions } from './render-comparison-markdown.ts';
export { renderComparisonText } from './render-comparison-text.ts';
export type { RenderComparisonTextOptions } from './render-comparison-text.ts';
export { snapshotConfig } from '../run/index.ts';
export { toBaselineReport } from './to-baseline-report.ts';
