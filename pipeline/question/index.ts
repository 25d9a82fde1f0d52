/**
 * The question stage: sanitise the raw question, normalise it for retrieval, expand it with the
 * configured rules, find the specific terms it names, and check that evidence contains them; and
 * the lexical scorers' reading of it (`profileQuestion`: content terms, phrases, what it asks for).
 */
export { sanitiseQuestion } from './sanitise-question.ts';
export type { SanitisedQuestion, SanitiseQuestionOptions } from './sanitise-question.ts';
export { normaliseQuestion } from './normalise-question.ts';
export type { NormalisedQuestion } from './normalise-question.ts';
export { expandQuery } from './expand-query.ts';
export type { QueryExpansion, QueryExpansionForm } from './expand-query.ts';
export { LEXICAL_STOP_WORDS, QUESTION_STOP_WORDS } from './question-stop-words.ts';
export { findQuestionTerms } from './find-question-terms.ts';
export type { QuestionTerm, QuestionTermKind } from './find-question-terms.ts';
export { checkCoverage } from './check-coverage.ts';
export { buildWordFrequencies, correctSpelling } from './correct-spelling.ts';
export type { CorrectedQuestion, SpellingCorrection } from './correct-spelling.ts';
export { findShortForms, resolveAbbreviations } from './resolve-abbreviations.ts';
export type { ResolvedAbbreviation, ResolvedQuestion, ShortForm } from './resolve-abbreviations.ts';
export {
  buildSourcePhrases,
  buildSourceVocabulary,
  findNamesAbsentFromSource,
  findPhrasesAbsentFromSource,
  findRequiredActionAbsentFromSource,
} from './find-names-absent-from-source.ts';
export { findAbsentFromSource } from './find-absent-from-source.ts';
export type { CoverageResult } from './check-coverage.ts';
export { findCalendarDates } from './find-calendar-dates.ts';
export type { CalendarDate } from './find-calendar-dates.ts';
export { findAnchorSpellings } from './find-anchor-spellings.ts';
export { splitQuestionParts } from './split-question-parts.ts';
export { createNameInitialsCounter, findNameInitials } from './find-name-initials.ts';
export type { AnchorKind, AnchorSpelling } from './find-anchor-spellings.ts';
export { profileQuestion } from './profile-question.ts';
export { isValueAsk } from './question-profile.ts';
export type { ProfileTerm, QuestionAsk, QuestionProfile, ValueAsk } from './question-profile.ts';
export { namesTerm, termCredit } from './names-term.ts';
export { dropUnmatchedFraming, withoutFramingAbsentFrom } from './drop-unmatched-framing.ts';
export { exchangesNamedBy } from './read-source-lexicon.ts';
export type { OfflineLexicalOptions } from './read-source-lexicon.ts';
export { AMOUNT_WORDS, asksMembers, PERCENTAGE_ASK } from './read-question-ask.ts';
export { AskWeights, combineAskReadings, DEFAULT_ASK_WEIGHTS_FILE, isLearnedAskKind, LEARNED_ASK_KINDS, loadAskWeights, predictAskKind, shippedAskWeights, wordFeatures } from './ask-weights.ts';
export type { LearnedAskKind } from './ask-weights.ts';
export { readAskByRules } from './read-question-ask.ts';
export { isEnglishWord } from './english-words.ts';
export { casingMarksNames } from './casing-marks-names.ts';
