import { existsSync } from 'node:fs';
import path from 'node:path';

/** The entries of the shared corpus the integration tests read, relative to its root. */
const REQUIRED_ENTRIES = ['cme', 'fixtures/sample-agreement.docx', 'reference/original-eval-questions.json'] as const;

/** The repository root: this file is `pipeline/testing/locate-test-corpus.ts`. */
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the integration tests find the real corpus (the CME PDFs, the DOCX fixture, the original questions), and whether it is there. */
export interface TestCorpus {
  /** The corpus root, absolute: the folder holding `cme/`, `fixtures/` and `reference/`. */
  root: string;
  /** True when every entry the tests read exists under `root`. */
  available: boolean;
  /** The entries missing under `root`, relative to it (empty when `available`). */
  missing: string[];
  /** Why the corpus tests are skipped: the folder, what is missing and how to point the tests elsewhere. Empty when `available`. */
  skipReason: string;
  /** An absolute path inside the corpus: `path('cme', 'ILA-Subscriber-Addendum.pdf')`. */
  path(...segments: string[]): string;
  /** A test or suite title that says, when the corpus is missing, that and why it is skipped. */
  title(name: string): string;
}

/**
 * Finds the shared corpus for the tests: `CLAUSEGATE_CORPUS_ROOT` when set (relative to the
 * repository root), else `../shared/corpus` beside the checkout. When it is missing, the tests that
 * read it skip with `skipReason` in their title — except where the environment requires it: with
 * `CI` set and `CLAUSEGATE_REQUIRE_CORPUS=1` a missing corpus throws `Error` instead, so a CI that
 * has the corpus can never pass by skipping those tests silently.
 */
export function locateTestCorpus(env: Record<string, string | undefined>, repositoryRoot: string = REPOSITORY_ROOT): TestCorpus {
  const configured = env.CLAUSEGATE_CORPUS_ROOT?.trim();
  const root = path.resolve(repositoryRoot, configured ? configured : '../shared/corpus');
  const missing = REQUIRED_ENTRIES.filter((entry) => !existsSync(path.join(root, entry)));
  const available = missing.length === 0;
  const where = `${root}${configured ? ' (CLAUSEGATE_CORPUS_ROOT)' : ''}`;
  const problem = existsSync(root) ? `the shared corpus at ${where} lacks ${missing.join(', ')}` : `the shared corpus is not at ${where}`;
  const skipReason = available ? '' : `${problem}; set CLAUSEGATE_CORPUS_ROOT to the folder holding cme/, fixtures/ and reference/`;
  if (!available && isSet(env.CI) && env.CLAUSEGATE_REQUIRE_CORPUS === '1') {
    throw new Error(`CLAUSEGATE_REQUIRE_CORPUS=1 in CI, but ${skipReason}. The corpus tests must run here, not skip.`);
  }
  return {
    root,
    available,
    missing,
    skipReason,
    path: (...segments) => path.join(root, ...segments),
    title: (name) => (available ? name : `${name} (skipped: ${skipReason})`),
  };
}

/** The corpus for this test process, located from `process.env` (see `locateTestCorpus`). */
export const testCorpus: TestCorpus = locateTestCorpus(process.env);

/** CI providers set `CI=true` (or `1`); `false`, `0` and empty mean not set. */
function isSet(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase());
}
