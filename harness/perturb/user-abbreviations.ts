/** One way a person shortens a phrase when typing a question: `phrase` written as `abbreviation`. */
export interface UserAbbreviation {
  abbreviation: string;
  phrase: string;
}

/**
 * The abbreviations the perturbation generator writes into questions: shorthand licensing and
 * market-data analysts type. The generator's own list, shared with nothing in the pipeline: a
 * pipeline that resolves them must learn them from the documents (an acronym a document defines)
 * or from a source's own configuration, and the abbreviation perturbations measure whether it does.
 * When several entries share a phrase, the first wins.
 */
export const USER_ABBREVIATIONS: readonly UserAbbreviation[] = [
  { abbreviation: 'non-pro', phrase: 'non-professional' },
  { abbreviation: 'DOM', phrase: 'depth of market' },
  { abbreviation: 'ILA', phrase: 'Information License Agreement' },
  { abbreviation: 'RT', phrase: 'real time' },
  { abbreviation: 'SOFR', phrase: 'Secured Overnight Financing Rate' },
  { abbreviation: 'EOD', phrase: 'end of day' },
  { abbreviation: 'AI', phrase: 'artificial intelligence' },
  { abbreviation: 'IP', phrase: 'intellectual property' },
  { abbreviation: 'agmt', phrase: 'agreement' },
  { abbreviation: 'T&C', phrase: 'terms and conditions' },
  { abbreviation: 'min.', phrase: 'minimum' },
  { abbreviation: 'approx.', phrase: 'approximately' },
  { abbreviation: 'yr', phrase: 'year' },
];
