/**
 * Perturbations of golden suites: deterministic variants of baseline questions (typos, casing and
 * punctuation, filler, synonyms, word order, abbreviations, distractor flips) and their quotas.
 */
export { checkPerturbationQuotas, DEFAULT_PERTURBATION_QUOTAS } from './check-perturbation-quotas.ts';
export type { PerturbationQuotas, PerturbationSummary } from './check-perturbation-quotas.ts';
export { createSeededRandom } from './create-seeded-random.ts';
export type { SeededRandom } from './create-seeded-random.ts';
export { formatPerturbationLines } from './format-perturbation-lines.ts';
export { DEFAULT_PER_CASE, FLIP_TARGET_SHARE, GENERATED_KINDS, generatePerturbations, SURFACE_KINDS } from './generate-perturbations.ts';
export type { GeneratedKind, GeneratePerturbationsOptions } from './generate-perturbations.ts';
export { LICENSING_GLOSSARY } from './licensing-glossary.ts';
export type { GlossaryEntry, LicensingGlossary } from './licensing-glossary.ts';
export { findWordNetDictionary, loadWordNet } from './load-wordnet.ts';
export type { PartOfSpeech, WordNet, WordNetFiles, WordNetSense } from './load-wordnet.ts';
