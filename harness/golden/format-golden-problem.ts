/** A line of a golden file that cannot be used as written, or a case that contradicts another. */
export interface GoldenProblem {
  /** The file, as `<goldenDir>/<suite>/<name>` (relative when `goldenDir` is). */
  file: string;
  /** 1-based line number. */
  line: number;
  /** Dotted path of the field at fault (`evidence.0.quote`); absent when the whole line is at fault. */
  field?: string;
  message: string;
}

/** `file:line: field: message` — the form `harness check` prints and CI annotations read. */
export function formatGoldenProblem(problem: GoldenProblem): string {
  const field = problem.field === undefined ? '' : `${problem.field}: `;
  return `${problem.file}:${problem.line}: ${field}${problem.message}`;
}
