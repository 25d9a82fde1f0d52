/** What one perturbation rule did to a question. A rule that does not apply returns `undefined` instead. */
export interface PerturbationEdit {
  /** The changed question. */
  question: string;
  /** What changed, for the reviewer of the golden file (`display → dispaly (letters swapped)`). */
  note: string;
  /** What was swapped, when a rule swaps one named thing (`CME`, `2026`); lets a second flip prefer another. */
  swapped?: string;
}
