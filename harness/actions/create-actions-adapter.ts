import { ClausegateError } from '../../pipeline/errors.ts';
import type { ActionsAdapter } from './actions-adapter.ts';

/**
 * True when the process runs as a GitHub Actions step (`GITHUB_ACTIONS=true`), except under
 * vitest (`VITEST` set, and inherited by the harness processes tests spawn): a test's run must not
 * write into the job summary, outputs and annotations of the CI step running the tests.
 */
export function isGitHubActions(env: Record<string, string | undefined>): boolean {
  return env.GITHUB_ACTIONS === 'true' && env.VITEST === undefined;
}

/**
 * The real `ActionsAdapter`, over `@actions/core`: the job summary and outputs are appended to the
 * files named by `GITHUB_STEP_SUMMARY` and `GITHUB_OUTPUT`, annotations are workflow commands on
 * standard output. `@actions/core` reads those variables from `process.env`; `env` (the CLI's)
 * decides whether this is an Actions step at all, and whether it has a job summary (runners
 * without one, such as older GitHub Enterprise Server, skip it). Throws `env_invalid` when `env`
 * is not a GitHub Actions environment. `@actions/core` (and the HTTP client it brings) is imported
 * here, so that a run outside GitHub Actions never loads it.
 */
export async function createActionsAdapter(env: Record<string, string | undefined>): Promise<ActionsAdapter> {
  if (env.GITHUB_ACTIONS !== 'true') {
    throw new ClausegateError('env_invalid', 'GitHub Actions publishing needs GITHUB_ACTIONS=true', { hint: 'publish only inside a GitHub Actions step' });
  }
  const core = await import('@actions/core');
  // `core.summary` is a process-wide object that keeps the first summary path it reads; a fresh
  // one per adapter reads the path of the environment in effect now.
  const summary = Reflect.construct(core.summary.constructor, []) as typeof core.summary;
  return {
    async appendSummary(markdown) {
      if (!env.GITHUB_STEP_SUMMARY) return;
      await summary.addRaw(markdown, true).write();
      summary.emptyBuffer();
    },
    error: (message, annotation) => core.error(message, annotation ?? {}),
    warning: (message, annotation) => core.warning(message, annotation ?? {}),
    notice: (message, annotation) => core.notice(message, annotation ?? {}),
    setOutput: (name, value) => core.setOutput(name, value),
  };
}
