/**
 * Keeps pdfjs's polyfills from slowing down the whole process. Private to the extract folder.
 *
 * pdfjs-dist's legacy build (the one that runs on Node 20) bundles core-js, which on Node 20
 * *replaces* built-ins it finds incomplete, for every module of the process: `JSON.stringify`
 * (no `JSON.rawJSON`; measured about 20 times slower afterwards), `JSON.parse` (no reviver source
 * access) and `Array.prototype.push` (a V8 edge case; about 3 times slower), and it defines a
 * global `self`, which libraries read as "running in a browser or worker". pdfjs needs none of
 * those fixes, only the methods core-js *adds* (`Promise.withResolvers`, `Uint8Array.prototype.toHex`
 * and the like). This module takes a snapshot of the built-ins when it is evaluated, which must
 * be before pdfjs is imported; `restoreBuiltins` puts back every property that existed then and
 * was replaced since, and removes a `self` that was not there, leaving the added methods alone.
 */

const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array) as object;

/** The built-in objects watched, by name. */
const INTRINSICS: ReadonlyArray<readonly [string, object]> = [
  ['Array', Array],
  ['Array.prototype', Array.prototype],
  ['ArrayBuffer', ArrayBuffer],
  ['ArrayBuffer.prototype', ArrayBuffer.prototype],
  ['DataView.prototype', DataView.prototype],
  ['Date', Date],
  ['Date.prototype', Date.prototype],
  ['Error', Error],
  ['Error.prototype', Error.prototype],
  ['Function.prototype', Function.prototype],
  ['JSON', JSON],
  ['Map', Map],
  ['Map.prototype', Map.prototype],
  ['Math', Math],
  ['Number', Number],
  ['Number.prototype', Number.prototype],
  ['Object', Object],
  ['Object.prototype', Object.prototype],
  ['Promise', Promise],
  ['Promise.prototype', Promise.prototype],
  ['Reflect', Reflect],
  ['RegExp', RegExp],
  ['RegExp.prototype', RegExp.prototype],
  ['Set', Set],
  ['Set.prototype', Set.prototype],
  ['String', String],
  ['String.prototype', String.prototype],
  ['Symbol', Symbol],
  ['TypedArray', TYPED_ARRAY],
  ['TypedArray.prototype', (TYPED_ARRAY as { prototype: object }).prototype],
  ['Uint8Array', Uint8Array],
  ['Uint8Array.prototype', Uint8Array.prototype],
  ['WeakMap.prototype', WeakMap.prototype],
  ['WeakSet.prototype', WeakSet.prototype],
];

interface Snapshot {
  properties: { owner: string; target: object; key: PropertyKey; descriptor: PropertyDescriptor }[];
  hadSelf: boolean;
}

const snapshot: Snapshot = {
  properties: INTRINSICS.flatMap(([owner, target]) =>
    Reflect.ownKeys(target).flatMap((key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return descriptor === undefined ? [] : [{ owner, target, key, descriptor }];
    }),
  ),
  hadSelf: Object.prototype.hasOwnProperty.call(globalThis, 'self'),
};

/**
 * Restores the built-ins replaced since this module was evaluated (see the module comment).
 * Returns the names of the properties it put back, for tests and diagnostics.
 */
export function restoreBuiltins(): string[] {
  const restored: string[] = [];
  for (const { owner, target, key, descriptor } of snapshot.properties) {
    const current = Reflect.getOwnPropertyDescriptor(target, key);
    if (current !== undefined && sameDescriptor(current, descriptor)) continue;
    if (Reflect.defineProperty(target, key, descriptor)) restored.push(`${owner}.${String(key)}`);
  }
  if (!snapshot.hadSelf && Object.prototype.hasOwnProperty.call(globalThis, 'self')) {
    if (Reflect.deleteProperty(globalThis, 'self')) restored.push('globalThis.self');
  }
  return restored;
}

function sameDescriptor(first: PropertyDescriptor, second: PropertyDescriptor): boolean {
  return Object.is(first.value, second.value) && first.get === second.get && first.set === second.set;
}
