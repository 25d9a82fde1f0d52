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

/**
 * `rememberStage` for a value computed at once: the one `memo` holds under `key`, else `compute()`'s,
 * which `memo` then holds. Without a memo, `compute()`.
 */
export function rememberValue<Value>(memo: StageMemo | undefined, key: () => string, compute: () => Value): Value {
  if (memo === undefined) return compute();
  const name = key();
  const known = memo.get(name);
  if (known !== undefined) return known as Value;
  const value = compute();
  memo.set(name, value);
  return value;
}

const idsByContent = new Map<string, number>();
const idsByObject = new WeakMap<object, number>();

/**
 * The settings part of a stage key, short: an object or list (a config section, the anchors) by its
 * content, worked out once per object (settings objects are never changed once read), anything
 * else by its JSON.
 */
export function settingsKey(values: readonly unknown[]): string {
  return values
    .map((value) => {
      if (typeof value !== 'object' || value === null) return JSON.stringify(value ?? null);
      let id = idsByObject.get(value);
      if (id === undefined) {
        const content = JSON.stringify(value);
        id = idsByContent.get(content);
        if (id === undefined) {
          id = idsByContent.size + 1;
          idsByContent.set(content, id);
        }
        idsByObject.set(value, id);
      }
      return `#${id}`;
    })
    .join(',');
}
