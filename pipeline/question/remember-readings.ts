import { LRUCache } from 'lru-cache';

/** How many readings each memo keeps (least recently used going first). */
const READINGS_KEPT = 4_096;

const idsByContent = new Map<string, number>();
const idsByObject = new WeakMap<object, number>();
let objectCount = 0;

/**
 * A small number standing for a setting: a list (a config's expansion rules or anchors) by its
 * content (`JSON.stringify`), so every copy of the config finds it; any other object (the word
 * statistics of a chunk table) by identity. Worked out once per object.
 */
function settingId(value: object | undefined): string {
  if (value === undefined) return '-';
  let id = idsByObject.get(value);
  if (id === undefined) {
    if (Array.isArray(value)) {
      const content = JSON.stringify(value);
      id = idsByContent.get(content);
      if (id === undefined) {
        id = idsByContent.size + 1;
        idsByContent.set(content, id);
      }
    } else {
      objectCount += 1;
      id = -objectCount;
    }
    idsByObject.set(value, id);
  }
  return String(id);
}

/**
 * A memo of a pure reading of a question: `read(question, ...settings)` is computed once per
 * question text and settings (see `settingId`) and the same frozen value returned after, which
 * callers read and never change. The same
 * question is read again whenever it is asked again (a what-if replays every case once per value
 * it sweeps).
 */
export function rememberReadings<Settings extends readonly (object | undefined)[], Reading extends object>(
  read: (question: string, ...settings: Settings) => Reading,
): (question: string, ...settings: Settings) => Reading {
  const readings = new LRUCache<string, Reading>({ max: READINGS_KEPT });
  return (question, ...settings) => {
    const key = `${settings.map(settingId).join(',')}\u0000${question}`;
    let reading = readings.get(key);
    if (reading === undefined) {
      reading = freezeDeep(read(question, ...settings));
      readings.set(key, reading);
    }
    return reading;
  };
}

/** Freezes a reading and everything in it, so a caller that would change it fails loudly instead of changing it for the next. */
function freezeDeep<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeDeep(inner);
  }
  return value;
}
