import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { Comparison, renderComparisonSection } from '../compare/index.ts';
import { readRunReport, renderReportHtml, REPORT_FILES } from '../report/index.ts';
import { renderSweepSection, SweepResult } from '../whatif/index.ts';
import { REPORT_SECTION_FILES } from './report-section-files.ts';

/** What `writeReportHtml` wrote into a run folder. */
export interface WrittenReportHtml {
  /** The `report.html` written. */
  file: string;
  /** The `comparison.json` shown as "Comparison with baseline", or `null`. */
  comparison: string | null;
  /** The `sweep.json` files shown as "Threshold sweep" sections, in folder order. */
  sweeps: string[];
  /** Section files found but not shown (another run's, or unreadable), each with the reason. */
  warnings: string[];
}

/**
 * (Re)writes `<directory>/report.html` from the run's `report.json` with every section the folder
 * holds (`REPORT_SECTION_FILES`): the comparison whose head is this run, and each sweep of this
 * run. A section file of another run, or one that does not parse, is left out with a warning.
 * Throws `report_invalid` when the folder holds no finished run.
 */
export async function writeReportHtml(directory: string): Promise<WrittenReportHtml> {
  const report = await readRunReport(directory);
  const warnings: string[] = [];
  const display = (file: string) => path.relative(directory, file) || file;

  let comparison: { file: string; value: Comparison } | null = null;
  const comparisonFile = path.join(directory, REPORT_SECTION_FILES.comparison);
  const readComparison = await readSectionFile(comparisonFile, Comparison);
  if (readComparison.status === 'invalid') warnings.push(`${display(comparisonFile)} not shown: ${readComparison.reason}`);
  if (readComparison.status === 'read') {
    if (readComparison.value.head.runId === report.runId) comparison = { file: comparisonFile, value: readComparison.value };
    else warnings.push(`${display(comparisonFile)} not shown: it compares run ${readComparison.value.head.runId}, not this run ${report.runId}`);
  }

  const sweeps: { file: string; value: SweepResult }[] = [];
  const folders = (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(REPORT_SECTION_FILES.sweepPrefix))
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = path.join(directory, folder, REPORT_SECTION_FILES.sweep);
    const read = await readSectionFile(file, SweepResult);
    if (read.status === 'invalid') warnings.push(`${display(file)} not shown: ${read.reason}`);
    if (read.status !== 'read') continue;
    if (read.value.runId === report.runId) sweeps.push({ file, value: read.value });
    else warnings.push(`${display(file)} not shown: it sweeps run ${read.value.runId}, not this run ${report.runId}`);
  }

  const file = path.join(directory, REPORT_FILES.html);
  await writeFileDurably(
    file,
    renderReportHtml(report, {
      comparison: comparison === null ? undefined : renderComparisonSection(comparison.value, { title: 'Comparison with baseline' }),
      sweeps: sweeps.map((sweep) => renderSweepSection(sweep.value, { title: 'Threshold sweep of' })),
    }),
  );
  return { file, comparison: comparison?.file ?? null, sweeps: sweeps.map((sweep) => sweep.file), warnings };
}

type SectionFile<T> = { status: 'absent' } | { status: 'invalid'; reason: string } | { status: 'read'; value: T };

/** Reads and validates one section file; a missing file is `absent`, not an error. */
async function readSectionFile<Schema extends z.ZodType>(file: string, schema: Schema): Promise<SectionFile<z.infer<Schema>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent' };
    return { status: 'invalid', reason: (error as Error).message };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { status: 'invalid', reason: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { status: 'read', value: parsed.data } : { status: 'invalid', reason: formatIssues(parsed.error.issues.slice(0, 5)).replace(/\n\s*/g, '; ') };
}
