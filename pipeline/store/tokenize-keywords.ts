/**
 * The one tokenizer of the keyword index, used on both sides: chunk text at build time and the
 * question at query time. A change here changes every BM25 score, so it bumps
 * `KEYWORD_TOKENIZER_VERSION` (recorded in the manifest's `keywordIndex.version`).
 */

/** Version of the tokenization rules below; part of the keyword index version. */
export const KEYWORD_TOKENIZER_VERSION = 't2';

// A raw token: an optional `$`, letters and digits joined by `.`, `,` or `-`, and an optional `+`
// or `%`. Curly apostrophes and the Unicode hyphens are normalised before matching.
const RAW_TOKEN = /\$?[\p{L}\p{N}]+(?:[.,\-][\p{L}\p{N}]+)*[+%]?/gu;
// `2026`, `134.50`, `1,250.00`: digits, optional thousands groups, one optional decimal part.
const PLAIN_NUMBER = /^(?:\p{N}{1,3}(?:,\p{N}{3})+|\p{N}+)(?:\.\p{N}+)?$/u;
const LETTER_DIGIT_RUNS = /\p{L}+|\p{N}+/gu;
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{N}/u;

/**
 * Splits text into keyword tokens, in order, duplicates kept (term frequency matters):
 * - NFKC-normalised and lowercased;
 * - numbers stay whole, thousands separators dropped: `1,250.00` → `1250.00`, `2026` → `2026`;
 * - money keeps its sign and also yields the bare number: `$134.50` → `$134.50`, `134.50`;
 * - `4+` and `10%` stay whole;
 * - hyphenated words yield their parts and the joined form:
 *   `non-professional` → `non`, `professional`, `nonprofessional`;
 * - dotted words stay whole and yield their parts: `v5.0` → `v5.0`, `v5`, `v`, `5`, `0`;
 * - words with glued digits (footnote markers, `Time11`, `A2`) yield the whole and the runs:
 *   `time11` → `time11`, `time`, `11`;
 * - a possessive `'s` is dropped; all other punctuation separates tokens.
 */
export function tokenizeKeywords(text: string): string[] {
  const tokens: string[] = [];
  for (const match of normalizeKeywordText(text).matchAll(RAW_TOKEN)) {
    pushRawToken(match[0], tokens);
  }
  return tokens;
}

/**
 * The pairs of adjacent raw tokens of `text`, in order, as `left right` (one space, which no
 * token holds): `Market Profile | Device` → `market profile`, `profile device`. Each raw token
 * counts once, in one form: money without its sign, numbers without thousands separators (`4+`
 * and `10%` whole), hyphenated words joined (`non-professional` → `nonprofessional`). A pair is
 * rarer than either word, so BM25 over pairs ranks the chunk that names a question's phrase
 * (`Market Profile`, `Term SOFR`) above chunks that only use its words apart.
 */
export function tokenizeKeywordPairs(text: string): string[] {
  const words: string[] = [];
  for (const match of normalizeKeywordText(text).matchAll(RAW_TOKEN)) {
    const raw = match[0].replace(/^\$/, '');
    const number = toNumber(raw.replace(/[+%]$/, ''));
    words.push(number === undefined ? raw.replaceAll('-', '') : `${number}${/[+%]$/.exec(raw)?.[0] ?? ''}`);
  }
  const pairs: string[] = [];
  for (let index = 1; index < words.length; index += 1) pairs.push(`${words[index - 1]} ${words[index]}`);
  return pairs;
}

function normalizeKeywordText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/(\p{L})'s\b/gu, '$1');
}

function pushRawToken(raw: string, tokens: string[]): void {
  let body = raw;
  const isMoney = body.startsWith('$');
  if (isMoney) body = body.slice(1);
  let suffix = '';
  const last = body.at(-1);
  if (last === '+' || last === '%') {
    suffix = last;
    body = body.slice(0, -1);
  }

  const numeric = toNumber(body);
  if (numeric !== undefined) {
    if (isMoney) tokens.push(`$${numeric}${suffix}`);
    tokens.push(`${numeric}${suffix}`);
    return;
  }
  // Not a number: `$` and a trailing `+`/`%` carry no meaning on a word.
  if (!body.includes('-')) {
    pushPiece(body, tokens);
    return;
  }
  const parts = body.split('-').filter((part) => part.length > 0);
  for (const part of parts) pushPiece(part, tokens);
  // `non-professional` → `nonprofessional`; a numeric range such as `10-20` is not a word.
  if (parts.length > 1 && HAS_LETTER.test(body)) tokens.push(parts.join(''));
}

/** A piece without hyphens: a number, a comma list, a dotted word (`u.s`, `v5.0`) or a word. */
function pushPiece(piece: string, tokens: string[]): void {
  const numeric = toNumber(piece);
  if (numeric !== undefined) {
    tokens.push(numeric);
    return;
  }
  if (piece.includes(',')) {
    for (const part of piece.split(',')) if (part.length > 0) pushPiece(part, tokens);
    return;
  }
  if (piece.includes('.')) {
    tokens.push(piece);
    for (const part of piece.split('.')) if (part.length > 0) pushWord(part, tokens);
    return;
  }
  pushWord(piece, tokens);
}

/** `1,250.00` → `1250.00`, `2026` → `2026`; undefined when `body` is not a plain number. */
function toNumber(body: string): string | undefined {
  if (!PLAIN_NUMBER.test(body)) return undefined;
  return body.replaceAll(',', '');
}

function pushWord(word: string, tokens: string[]): void {
  tokens.push(word);
  if (HAS_LETTER.test(word) && HAS_DIGIT.test(word)) {
    for (const run of word.matchAll(LETTER_DIGIT_RUNS)) tokens.push(run[0]);
  }
}
