import { USER_ABBREVIATIONS } from './user-abbreviations.ts';
import type { UserAbbreviation } from './user-abbreviations.ts';
import type { BaselineCase, PerturbationCase } from '../golden/golden-case.ts';
import { applyAbbreviation } from './apply-abbreviation.ts';
import { applyCasingPunctuation } from './apply-casing-punctuation.ts';
import { applyDistractorFlip } from './apply-distractor-flip.ts';
import { applyFillerPrefix } from './apply-filler-prefix.ts';
import { applySynonym } from './apply-synonym.ts';
import { applyTypo } from './apply-typo.ts';
import { applyWordOrder } from './apply-word-order.ts';
import { createSeededRandom } from './create-seeded-random.ts';
import type { WordNet } from './load-wordnet.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/** A perturbation kind this generator produces (`paraphrase` is written by hand). */
export type GeneratedKind = 'typo' | 'casing_punct' | 'filler_prefix' | 'synonym' | 'word_order' | 'abbreviation' | 'distractor_flip';

/** The kinds the generator produces, in the order variants of one case are written. */
export const GENERATED_KINDS: readonly GeneratedKind[] = ['typo', 'casing_punct', 'filler_prefix', 'synonym', 'word_order', 'abbreviation', 'distractor_flip'];

/** The only kinds a should-refuse base case gets: they change how it is typed, never what it asks. */
export const SURFACE_KINDS: readonly GeneratedKind[] = ['typo', 'casing_punct', 'filler_prefix'];

/** Variants per base case when `perCase` is not given. */
export const DEFAULT_PER_CASE = 3;

/** Options of `generatePerturbations`. */
export interface GeneratePerturbationsOptions {
  /** Seeds every random choice: the same cases and seed give the same perturbations, byte for byte. */
  seed: number;
  /** Most variants per base case (default `DEFAULT_PER_CASE`, 3). */
  perCase?: number;
  /** WordNet for synonyms beyond the licensing glossary; without it only the glossary is used. */
  wordNet?: WordNet;
  /** The query-expansion rules the abbreviation kind inverts; default the config's frozen defaults. */
  abbreviations?: readonly UserAbbreviation[];
}

/**
 * The share of distractor flips the generator aims at (0.2, above the 15% quota): when the first
 * flips of the cases fall short of it, some cases get a second flip.
 */
export const FLIP_TARGET_SHARE = 0.2;

// Attempts per kind and case (each with its own random stream); more only matter when perCase exceeds the kinds.
const MAXIMUM_ATTEMPTS = 4;

/** The flips one case can get: its first, one swapping something else, one swapping the same thing for another name. */
interface FlipPlan {
  first?: PerturbationEdit;
  somethingElse?: PerturbationEdit;
  anotherName?: PerturbationEdit;
}

/**
 * Generates perturbations of `cases`, deterministically. Each case gets up to `perCase` variants.
 * Distractor flips come first, since they are the variants that test refusal: every case whose
 * question names something flippable gets one, and when those fall short of `FLIP_TARGET_SHARE`
 * of `perCase` × cases, cases in file order get more (at most ⌊(perCase − 1) / 2⌋ more each, so
 * none with `perCase` below 3) — first one swapping something else (the year after the
 * exchange), then one swapping the same thing for another name. The other kinds then fill the case's
 * slots, the kinds used least so far first (ties broken by the seeded random order), so that the
 * file spreads across kinds. A kind that does not apply to a question is skipped, and a variant
 * identical to the base question (whitespace aside) or to an earlier variant is discarded.
 * Should-refuse cases get only `SURFACE_KINDS`, expecting refusal; a distractor flip expects
 * refusal; every other variant expects the base's answer and repeats its evidence and answer
 * terms. Ids are `<base_id>.<kind>-<n>` (the case-id pattern does not allow `~`). Every random
 * choice comes from a generator seeded with the seed, the case id, the kind and the attempt, so
 * the text of a variant does not depend on other cases (which kinds a case gets does). Pure
 * given `wordNet`.
 */
export function generatePerturbations(cases: readonly BaselineCase[], options: GeneratePerturbationsOptions): PerturbationCase[] {
  const perCase = options.perCase ?? DEFAULT_PER_CASE;
  const abbreviations = options.abbreviations ?? USER_ABBREVIATIONS;
  const used = new Map<GeneratedKind, number>(GENERATED_KINDS.map((kind) => [kind, 0]));
  const perturbations: PerturbationCase[] = [];

  const apply = (kind: GeneratedKind, base: BaselineCase, attempt: number, avoid: readonly string[] = []): PerturbationEdit | undefined => {
    const question = base.question;
    const random = createSeededRandom(options.seed, base.id, kind, String(attempt));
    switch (kind) {
      case 'typo':
        return applyTypo(question, random);
      case 'casing_punct':
        return applyCasingPunctuation(question, random);
      case 'filler_prefix':
        return applyFillerPrefix(question, random);
      case 'synonym':
        return applySynonym(question, random, options.wordNet);
      case 'word_order':
        return applyWordOrder(question, random);
      case 'abbreviation':
        return applyAbbreviation(question, random, abbreviations);
      case 'distractor_flip':
        return applyDistractorFlip(question, random, avoid);
    }
  };

  const plans = cases.map((base) => planFlips(base, perCase, (attempt, avoid) => apply('distractor_flip', base, attempt, avoid)));
  const extraFlips = chooseExtraFlips(plans, perCase, cases.length);

  cases.forEach((base, index) => {
    const kinds = base.should_refuse ? SURFACE_KINDS : GENERATED_KINDS;
    const seen = new Set([normaliseWhitespace(base.question)]);
    const chosen: { kind: GeneratedKind; edit: PerturbationEdit }[] = [];
    const take = (kind: GeneratedKind, edit: PerturbationEdit | undefined): void => {
      if (edit === undefined || chosen.length >= perCase) return;
      const key = normaliseWhitespace(edit.question);
      if (seen.has(key)) return;
      seen.add(key);
      chosen.push({ kind, edit });
      used.set(kind, used.get(kind)! + 1);
    };

    take('distractor_flip', plans[index]!.first);
    for (const edit of extraFlips.get(index) ?? []) take('distractor_flip', edit);
    const others = kinds.filter((kind) => kind !== 'distractor_flip');
    for (let attempt = 1; attempt <= MAXIMUM_ATTEMPTS && chosen.length < perCase; attempt += 1) {
      // The least used kinds first; the seeded shuffle breaks ties (the sort is stable).
      const order = createSeededRandom(options.seed, base.id, 'order', String(attempt))
        .shuffle(others)
        .sort((left, right) => used.get(left)! - used.get(right)!);
      for (const kind of order) take(kind, apply(kind, base, attempt));
    }

    chosen.sort((left, right) => GENERATED_KINDS.indexOf(left.kind) - GENERATED_KINDS.indexOf(right.kind));
    const numbers = new Map<GeneratedKind, number>();
    for (const { kind, edit } of chosen) {
      const number = (numbers.get(kind) ?? 0) + 1;
      numbers.set(kind, number);
      const refuse = base.should_refuse || kind === 'distractor_flip';
      perturbations.push({
        id: `${base.id}.${kind}-${number}`,
        base_id: base.id,
        question: edit.question,
        kind,
        expect: refuse ? 'refuse' : 'same',
        evidence: refuse ? [] : base.evidence.map((evidence) => ({ ...evidence })),
        answer_terms: refuse ? [] : [...base.answer_terms],
        notes: edit.note,
      });
    }
  });
  return perturbations;
}

function planFlips(base: BaselineCase, perCase: number, flip: (attempt: number, avoid?: readonly string[]) => PerturbationEdit | undefined): FlipPlan {
  if (base.should_refuse || perCase < 1) return {};
  const first = flip(1);
  if (first === undefined) return {};
  const differs = (edit: PerturbationEdit | undefined) =>
    edit !== undefined && normaliseWhitespace(edit.question) !== normaliseWhitespace(first.question) ? edit : undefined;
  const other = flip(2, first.swapped === undefined ? [] : [first.swapped]);
  return {
    first,
    somethingElse: other !== undefined && other.swapped !== first.swapped ? differs(other) : undefined,
    anotherName: differs(flip(3)),
  };
}

// The extra flips per case (by index): enough to bring the first flips up to FLIP_TARGET_SHARE
// of perCase × cases, swapping something else before another name, and at most
// ⌊(perCase − 1) / 2⌋ per case so that most of a case's variants still expect its answer.
function chooseExtraFlips(plans: readonly FlipPlan[], perCase: number, caseCount: number): Map<number, PerturbationEdit[]> {
  const chosen = new Map<number, PerturbationEdit[]>();
  const limit = Math.floor((perCase - 1) / 2);
  let missing = Math.ceil(FLIP_TARGET_SHARE * perCase * caseCount) - plans.filter((plan) => plan.first !== undefined).length;
  for (const pick of [(plan: FlipPlan) => plan.somethingElse, (plan: FlipPlan) => plan.anotherName]) {
    plans.forEach((plan, index) => {
      const edit = pick(plan);
      const extras = chosen.get(index) ?? [];
      if (missing <= 0 || edit === undefined || extras.length >= limit) return;
      chosen.set(index, [...extras, edit]);
      missing -= 1;
    });
  }
  return chosen;
}

function normaliseWhitespace(question: string): string {
  return question.trim().replace(/\s+/g, ' ');
}
