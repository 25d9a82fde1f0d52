/**
 * Where a caller keeps the outputs of `answerQuestion`'s stages for the same question answered
 * again with the same pipeline (its providers, index and gate weights) under other settings — a
 * what-if replaying one stored case at several values of a threshold. `answerQuestion` asks it by a
 * key naming every input a stage reads (the question, the stage's input candidates and the
 * settings it reads), so a stage whose inputs are unchanged is not run again. One memo serves one
 * pipeline; a value it holds is read, never changed.
 */
export interface StageMemo {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/**
 * The output of a stage: the one `memo` holds under `key`, else `compute()`'s, which `memo` then
 * holds (a stage that throws leaves nothing). Without a memo, `compute()`.
 */
export async function rememberStage<Value>(memo: StageMemo | undefined, key: () => string, compute: () => Promise<Value>): Promise<Value> {
  if (memo === undefined) return compute();
  const name = key();
  const known = memo.get(name);
  if (known !== undefined) return known as Value;
  const value = await compute();
  memo.set(name, value);
  return value;
}
