import { ClausegateError } from '../../pipeline/errors.ts';

/** The most values one sweep may take. */
const MAX_POINTS = 200;

/**
 * Parses `path=from:to:step` (`retrieval.minSimilarity=0.10:0.40:0.02`) into the setting's path
 * and its values from `from` to `to` inclusive, each rounded to the decimals written so that
 * 0.1 + 3 × 0.02 is 0.16 and not 0.16000000000000003.
 */
export function parseSweepRange(text: string): { path: string; values: number[] } {
  const match = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(-?[\d.]+)\s*:\s*(-?[\d.]+)\s*:\s*([\d.]+)\s*$/.exec(text);
  const from = Number(match?.[2]);
  const to = Number(match?.[3]);
  const step = Number(match?.[4]);
  if (match === null || !Number.isFinite(from) || !Number.isFinite(to) || !(step > 0) || to < from) {
    throw new ClausegateError('input_invalid', `--param ${JSON.stringify(text)} is not path=from:to:step with from <= to and step > 0`, {
      hint: 'for example --param retrieval.minSimilarity=0.10:0.40:0.02 or --param gate.relevanceThreshold=0:3:1',
    });
  }
  const decimals = Math.max(...[match[2]!, match[3]!, match[4]!].map((part) => part.split('.')[1]?.length ?? 0));
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_POINTS) {
    throw new ClausegateError('input_invalid', `--param ${JSON.stringify(text)} makes ${count} values; at most ${MAX_POINTS}`, { hint: 'take a larger step' });
  }
  const values = Array.from({ length: count }, (_, position) => Number((from + position * step).toFixed(decimals)));
  return { path: match[1]!, values };
}
