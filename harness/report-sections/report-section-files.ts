import path from 'node:path';

/**
 * The files in a run folder that `report.html` shows as sections of its own: the comparison with a
 * baseline (`comparison.json`, beside its `comparison.md`) and each threshold sweep
 * (`sweep-<setting>/sweep.json`, beside its `sweep.md` and `sweep.html`).
 */
export const REPORT_SECTION_FILES = {
  comparison: 'comparison.json',
  comparisonMarkdown: 'comparison.md',
  /** Each sweep's folder is `sweep-<setting>`: see `sweepDirectory`. */
  sweepPrefix: 'sweep-',
  sweep: 'sweep.json',
  sweepMarkdown: 'sweep.md',
  sweepHtml: 'sweep.html',
} as const;

/** The folder of a sweep of `parameterPath` inside the run folder `runDirectory`: `sweep-retrieval-minSimilarity`. */
export function sweepDirectory(runDirectory: string, parameterPath: string): string {
  return path.join(runDirectory, `${REPORT_SECTION_FILES.sweepPrefix}${parameterPath.replace(/[^A-Za-z0-9]+/g, '-')}`);
}
