import type { PerturbationCase } from '../golden/golden-case.ts';
import { GENERATED_KINDS } from './generate-perturbations.ts';
import type { GeneratedKind } from './generate-perturbations.ts';

/** What a generated perturbation file must hold to be worth gating on. */
export interface PerturbationQuotas {
  /** Fewest perturbations in all (default 150). */
  minimumTotal: number;
  /** Smallest share of distractor flips, 0–1 (default 0.15). */
  minimumFlipShare: number;
  /** Fewest variants of each generated kind (default 5). */
  minimumPerKind: number;
  /** Largest share any one kind may take, 0–1 (default 0.35). */
  maximumKindShare: number;
}

/** The quotas of issue 5: at least 150 perturbations, at least 15% flips, spread across kinds. */
export const DEFAULT_PERTURBATION_QUOTAS: PerturbationQuotas = {
  minimumTotal: 150,
  minimumFlipShare: 0.15,
  minimumPerKind: 5,
  maximumKindShare: 0.35,
};

/** Counts of a perturbation set and the quotas it misses. */
export interface PerturbationSummary {
  total: number;
  /** Variants per generated kind, every kind listed (0 when absent), in `GENERATED_KINDS` order. */
  byKind: Record<GeneratedKind, number>;
  /** Distractor flips over all perturbations; 0 for an empty set. */
  flipShare: number;
  /** Variants expecting refusal (flips and surface variants of should-refuse cases). */
  expectRefuse: number;
  /** Base cases with at least one variant. */
  baseCases: number;
  /** One readable sentence per quota missed; empty when every quota is met. */
  problems: string[];
}

/**
 * Counts `perturbations` per kind and checks them against `quotas` (default
 * `DEFAULT_PERTURBATION_QUOTAS`). Missed quotas are returned as problems, never thrown.
 */
export function checkPerturbationQuotas(perturbations: readonly PerturbationCase[], quotas: PerturbationQuotas = DEFAULT_PERTURBATION_QUOTAS): PerturbationSummary {
  const byKind = Object.fromEntries(GENERATED_KINDS.map((kind) => [kind, 0])) as Record<GeneratedKind, number>;
  for (const perturbation of perturbations) {
    if (perturbation.kind in byKind) byKind[perturbation.kind as GeneratedKind] += 1;
  }
  const total = perturbations.length;
  const flipShare = total === 0 ? 0 : byKind.distractor_flip / total;
  const problems: string[] = [];
  if (total < quotas.minimumTotal) problems.push(`${total} perturbations, fewer than the ${quotas.minimumTotal} required; raise --per-case or add baseline cases`);
  if (flipShare < quotas.minimumFlipShare) {
    problems.push(`distractor flips are ${formatShare(flipShare)} of the perturbations, below ${formatShare(quotas.minimumFlipShare)}; add baseline questions that name an exchange, product or year`);
  }
  for (const kind of GENERATED_KINDS) {
    if (byKind[kind] < quotas.minimumPerKind) problems.push(`${byKind[kind]} ${kind} variants, fewer than ${quotas.minimumPerKind}`);
    if (total > 0 && byKind[kind] / total > quotas.maximumKindShare) {
      problems.push(`${kind} is ${formatShare(byKind[kind] / total)} of the perturbations, above ${formatShare(quotas.maximumKindShare)}`);
    }
  }
  return {
    total,
    byKind,
    flipShare,
    expectRefuse: perturbations.filter((perturbation) => perturbation.expect === 'refuse').length,
    baseCases: new Set(perturbations.map((perturbation) => perturbation.base_id)).size,
    problems,
  };
}

function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
