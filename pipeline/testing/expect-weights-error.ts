import { expect } from 'vitest';
import { isClausegateError } from '../errors.ts';

/**
 * Asserts that `load(file)` throws `weights_invalid` whose message names the file and matches
 * `message`, whose hint names `command` (the `harness tune …` that writes it), and whose location is the file.
 */
export function expectWeightsError(load: (file: string) => unknown, file: string, message: RegExp, command: string): void {
  let caught: unknown;
  try {
    load(file);
  } catch (error) {
    caught = error;
  }
  expect(isClausegateError(caught, 'weights_invalid')).toBe(true);
  const error = caught as Error & { hint?: string; location?: { file?: string } };
  expect(error.message).toContain(file);
  expect(error.message).toMatch(message);
  expect(error.hint).toContain(command);
  expect(error.location?.file).toBe(file);
}
