/**
 * General text helpers, the lowest layer of the question reading, the rerankers and the extractive
 * generator: words normalised for matching, stems and token streams, typo-tolerant matching, the
 * units and passages a chunk is read in, value detectors (money, dates, durations, frequencies,
 * definitions) and label words. It imports nothing from the question, rerank or provider folders.
 */
export { stem } from './stem.ts';
export { editDistance } from './edit-distance.ts';
export { normalizeForMatching, wordsOf } from './normalize-for-matching.ts';
export { containsSequence, stemsOf, tokenStream } from './token-stream.ts';
export type { TokenStream } from './token-stream.ts';
export { isTypoOf, namesStem, spellingCredit } from './match-spelling.ts';
export { hasDate, hasDeadlineDate, hasDuration, hasEndDate, hasFrequency, hasMoneyAmount, hasPercentage, namesMonth, PERCENTAGE, statedValuesOfKind } from './detect-values.ts';
export type { StatedValueKind } from './detect-values.ts';
export { definesTerm } from './defines-term.ts';
export { escapeRegExp } from './escape-reg-exp.ts';
export { mayHoldPhrase } from './may-hold-phrase.ts';
export { isCellRow, splitIntoPassages, splitIntoUnits } from './split-into-passages.ts';
export { LABEL_WORDS } from './label-words.ts';
export { gluedFileNames, glueLetters } from './glue-file-names.ts';
