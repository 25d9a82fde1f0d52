import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ClausegateError } from '../../pipeline/errors.ts';
import { checkCaseReferences } from './check-case-references.ts';
import type { GoldenProblem } from './format-golden-problem.ts';
import { BaselineCase, PerturbationCase, SuiteSettings } from './golden-case.ts';
import { parseGoldenLines } from './parse-golden-lines.ts';
import type { GoldenEntry } from './parse-golden-lines.ts';

/** A golden suite as read from `golden/<suite>/`: its settings, its cases and every problem found. */
export interface LoadedSuite {
  name: string;
  /** `<goldenDir>/<suite>`. */
  directory: string;
  settings: SuiteSettings;
  baseline: GoldenEntry<BaselineCase>[];
  /** Empty when the suite has no `perturb.jsonl`. */
  perturbations: GoldenEntry<PerturbationCase>[];
  /** Malformed lines, duplicate ids, unknown bases; empty when the suite is sound. Sorted by file and line. */
  problems: GoldenProblem[];
}

/**
 * Reads `<goldenDir>/<suite>/suite.json`, `baseline.jsonl` and `perturb.jsonl` (optional). Bad lines
 * and contradicting cases are returned as `problems`, never thrown, so `harness check` can list them
 * all. Throws `golden_invalid` only when the suite cannot be read at all: no folder, no or invalid
 * `suite.json`, no `baseline.jsonl`. Problem files are named `<goldenDir>/<suite>/<file>`, relative
 * when `goldenDir` is.
 */
export async function loadSuite(goldenDir: string, suite: string): Promise<LoadedSuite> {
  const directory = path.join(goldenDir, suite);
  const settingsFile = path.join(directory, 'suite.json');
  const baselineFile = path.join(directory, 'baseline.jsonl');
  const perturbFile = path.join(directory, 'perturb.jsonl');

  const settingsText = await readText(settingsFile);
  if (settingsText === undefined) {
    throw new ClausegateError('golden_invalid', `golden suite ${JSON.stringify(suite)} has no ${settingsFile}`, {
      hint: `create ${settingsFile} with schemaVersion, name, source, corpusRoot, refusal and description, or check the suite name`,
      location: { file: settingsFile },
    });
  }
  const settings = parseSettings(settingsText, settingsFile);
  const baselineText = await readText(baselineFile);
  if (baselineText === undefined) {
    throw new ClausegateError('golden_invalid', `golden suite ${JSON.stringify(suite)} has no ${baselineFile}`, {
      hint: 'a suite needs baseline.jsonl with one case per line',
      location: { file: baselineFile },
    });
  }
  const perturbText = (await readText(perturbFile)) ?? '';

  const baseline = parseGoldenLines(baselineText, baselineFile, BaselineCase);
  const perturbations = parseGoldenLines(perturbText, perturbFile, PerturbationCase);
  const problems = [...baseline.problems, ...perturbations.problems, ...checkCaseReferences(baseline.entries, perturbations.entries)];
  if (settings.name !== suite) {
    problems.push({ file: settingsFile, line: 1, field: 'name', message: `name ${JSON.stringify(settings.name)} differs from the folder name ${JSON.stringify(suite)}` });
  }
  const fileOrder = [settingsFile, baselineFile, perturbFile];
  problems.sort((a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line);
  return { name: suite, directory, settings, baseline: baseline.entries, perturbations: perturbations.entries, problems };
}

function parseSettings(text: string, file: string): SuiteSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('golden_invalid', `${file} is not valid JSON: ${(error as Error).message}`, {
      hint: 'suite.json is plain JSON (no comments, no trailing commas)',
      location: { file },
    });
  }
  const result = SuiteSettings.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues
    .map((issue) => {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      const where = [...issue.path.map(String), ...keys].join('.') || '(top level)';
      return `  - ${where}: ${issue.message}`;
    })
    .join('\n');
  const field = result.error.issues[0]?.path.map(String).join('.');
  throw new ClausegateError('golden_invalid', `${file} is not valid suite settings:\n${fields}`, {
    hint: 'fix the fields listed above (schemaVersion 1, name, source, corpusRoot, refusal, description, optional tags)',
    location: { file, ...(field ? { field } : {}) },
  });
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ClausegateError('golden_invalid', `cannot read ${file}: ${(error as Error).message}`, { location: { file }, cause: error });
  }
}
