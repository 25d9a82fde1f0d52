/** Where an annotation points: a file and line of the repository, and a short title. */
export interface ActionsAnnotation {
  title?: string;
  /** Path relative to the repository root, as GitHub shows it in the diff. */
  file?: string;
  startLine?: number;
}

/**
 * The part of the GitHub Actions toolkit the harness uses, behind one small interface so that
 * library code never imports `@actions/core` and tests can record calls or point the real one at
 * temporary files. `createActionsAdapter` is the real implementation.
 */
export interface ActionsAdapter {
  /** Appends Markdown to the job summary (`$GITHUB_STEP_SUMMARY`). */
  appendSummary(markdown: string): Promise<void>;
  /** An `::error` annotation. */
  error(message: string, annotation?: ActionsAnnotation): void;
  /** A `::warning` annotation. */
  warning(message: string, annotation?: ActionsAnnotation): void;
  /** A `::notice` annotation. */
  notice(message: string, annotation?: ActionsAnnotation): void;
  /** A step output (`$GITHUB_OUTPUT`), read by later steps as `steps.<id>.outputs.<name>`. */
  setOutput(name: string, value: string): void;
}
