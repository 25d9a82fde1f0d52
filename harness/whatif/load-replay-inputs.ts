import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { openIndex, type SearchableIndex } from '../../pipeline/store/index.ts';
import { readRunReport, type RunReport } from '../report/index.ts';
import { loadGates, type DocumentAliases, type LoadedGates } from '../score/index.ts';

/** Input of `loadReplayInputs`. */
export interface LoadReplayInputsOptions {
  /** A run folder or its `report.json`. */
  report: string;
  /** The config with absolute paths (the index is read from `paths.indexDir`). */
  config: ClausegateConfig;
  cwd: string;
  /** A gates file to judge by; default the report's own gates file when unchanged, else its recorded gates. */
  gatesFile?: string | undefined;
}

/** What a what-if or sweep reads: the report, the index of its source, and the gates. */
export interface ReplayInputs {
  report: RunReport;
  /** The run folder. */
  directory: string;
  index: SearchableIndex;
  docAliases: DocumentAliases;
  gates: LoadedGates;
  /** Things to tell the user (a rebuilt index, gates taken from the report). */
  warnings: string[];
}

/**
 * Reads a run report, opens the current index of its source (chunk texts and definitions; the
 * caller closes it) and the gates to judge by: `gatesFile` when given; otherwise the report's
 * gates file if it still has the bytes the report recorded, else the gates as the report recorded
 * them. Warns when the index is not the version the report ran on (cases whose chunks are gone
 * are then not replayed).
 */
export async function loadReplayInputs(options: LoadReplayInputsOptions): Promise<ReplayInputs> {
  const resolved = path.resolve(options.cwd, options.report);
  if (!existsSync(resolved)) {
    throw new ClausegateError('input_invalid', `there is no report at ${options.report}`, { hint: 'pass a run folder (reports/<run-id>) or its report.json' });
  }
  const directory = statSync(resolved).isDirectory() ? resolved : path.dirname(resolved);
  const report = await readRunReport(directory);
  const warnings: string[] = [];

  let gates: LoadedGates;
  if (options.gatesFile !== undefined) {
    gates = await loadGates(path.resolve(options.cwd, options.gatesFile));
  } else {
    const recorded = path.resolve(options.cwd, report.gatesFile.file);
    const bytes = existsSync(recorded) ? await readFile(recorded) : undefined;
    if (bytes !== undefined && createHash('sha256').update(bytes).digest('hex') === report.gatesFile.sha256) {
      gates = await loadGates(recorded);
    } else {
      warnings.push(`${report.gatesFile.file} changed since the run (or is missing): judging by the gates the report recorded (${report.gatesFile.version})`);
      gates = {
        file: report.gatesFile.file,
        contentHash: `sha256:${report.gatesFile.sha256}`,
        gates: {
          schemaVersion: 1,
          version: report.gatesFile.version,
          gates: report.gates.map((gate) => ({ id: gate.id, metric: gate.metric, population: gate.population, comparison: gate.comparison, threshold: gate.threshold })),
        },
      };
    }
  }

  const index = await openIndex(options.config.paths.indexDir, report.suite.source);
  if (index.manifest.indexVersion !== report.versions.index) {
    warnings.push(`the index of ${report.suite.source} is ${index.manifest.indexVersion}, the run used ${report.versions.index}: cases whose chunks changed are not replayed`);
  }
  // As the suite check derives them: a byte-identical duplicate counts as the document it duplicates.
  const docAliases: Record<string, string[]> = {};
  for (const document of index.manifest.documents) {
    if (document.status === 'duplicate' && document.duplicateOf !== undefined) docAliases[document.doc] = [document.duplicateOf];
  }
  return { report, directory, index, docAliases, gates, warnings };
}
