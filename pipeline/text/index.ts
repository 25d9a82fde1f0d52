/**
 * General text helpers, the lowest layer: stems and edit distance.
 */
export { stem } from './stem.ts';
export { editDistance } from './edit-distance.ts';
