import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SourceConfig, type ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { openIndex } from '../../pipeline/store/index.ts';
import type { IndexManifest } from '../../pipeline/store/index.ts';
import { loadSuite } from '../golden/index.ts';
import type { GoldenEntry, LoadedSuite } from '../golden/index.ts';
import { checkSuite, type SuiteCheck } from './check-suite.ts';
import { rebuildPageTexts } from './rebuild-page-texts.ts';

/** A suite read from disk and checked against the current index of its source. */
export interface CheckedSuite {
  suite: LoadedSuite;
  check: SuiteCheck;
  manifest: IndexManifest;
}

/**
 * Loads `<goldenDir>/<name>` and checks it against the current index of the suite's source
 * (opened without an embedder check: checking quotes needs only the chunk texts, so it works for
 * an index of any provider, and the index is closed again before returning). Throws
 * File names in problems and case locations are relative to `cwd` (when inside it), as a user
 * types them. Throws `golden_invalid` when the suite cannot be read at all and `index_missing` when the source was
 * never ingested; every other fault is a problem in `check.problems`.
 */
export async function loadCheckedSuite(input: { goldenDir: string; name: string; config: ClausegateConfig; cwd: string }): Promise<CheckedSuite> {
  const suite = relativiseSuite(await loadSuite(path.resolve(input.cwd, input.goldenDir), input.name), input.cwd);
  const settingsFile = path.join(suite.directory, 'suite.json');
  const settingsText = await readFile(path.resolve(input.cwd, settingsFile), 'utf8').catch(() => '');
  const source = suite.settings.source;
  if (input.config.sources[source] === undefined) {
    // The suite file carries its source's settings: a source no config names is the suite's corpus, with the suite's refusal.
    input.config.sources[source] = SourceConfig.parse({ root: suite.settings.corpusRoot, refusal: suite.settings.refusal });
  }
  const index = await openIndex(input.config.paths.indexDir, suite.settings.source);
  try {
    const check = checkSuite({
      suite,
      manifest: index.manifest,
      pageTexts: rebuildPageTexts(await index.readAllChunks()),
      configuredRefusal: input.config.sources[suite.settings.source]?.refusal,
      settingsText,
    });
    return { suite, check, manifest: index.manifest };
  } finally {
    await index.close();
  }
}

function relativiseSuite(suite: LoadedSuite, cwd: string): LoadedSuite {
  const relative = (file: string) => {
    const name = path.relative(cwd, file);
    return name === '' || name.startsWith('..') || path.isAbsolute(name) ? file : name;
  };
  const entries = <Case>(list: readonly GoldenEntry<Case>[]): GoldenEntry<Case>[] =>
    list.map((entry) => ({ ...entry, location: { ...entry.location, file: relative(entry.location.file) } }));
  return {
    ...suite,
    directory: relative(suite.directory),
    baseline: entries(suite.baseline),
    perturbations: entries(suite.perturbations),
    problems: suite.problems.map((problem) => ({ ...problem, file: relative(problem.file) })),
  };
}
