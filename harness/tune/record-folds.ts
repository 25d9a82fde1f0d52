import type { FoldFigures } from '../../pipeline/rerank/weights-file.ts';

/** A cross-validation fold as every fit reports it: its number, its case counts, and named figures of each side. */
export interface ReportedFold<Figures extends Record<keyof Figures, number>> {
  fold: number;
  trainCases: number;
  heldOutCases: number;
  train: Figures;
  heldOut: Figures;
}

/** The folds as a weights file records them (`FoldFigures`): the counts and a copy of each side's figures. */
export function recordFolds<Figures extends Record<keyof Figures, number>>(folds: readonly ReportedFold<Figures>[]): FoldFigures[] {
  const figures = (side: Figures) => ({ ...side }) as Record<string, number>;
  return folds.map((fold) => ({ fold: fold.fold, trainCases: fold.trainCases, heldOutCases: fold.heldOutCases, train: figures(fold.train), heldOut: figures(fold.heldOut) }));
}
