import type { Span } from '../../pipeline/types.ts';

/**
 * Share of a quote's tokens that must be found together on the page for the quote to count as
 * located: 0.9.
 *
 * Why 0.9: the tolerated differences (whitespace, ligatures, quotes and dashes, line-end
 * hyphenation, glued footnote markers, table cells in another order) are normalised away and cost
 * nothing, so a real quote of the page scores 1.0 unless a couple of tokens differ in ways we do not
 * model (an OCR slip, a footnote number written as a separate word, a cell of another row caught in a
 * copy). 0.9 lets a 20-token quote lose two such tokens and a 10-token quote one. A quote taken from
 * the wrong page, a neighbouring version of a document or paraphrased from memory shares the common
 * words but not the specific ones (numbers, defined terms), and scores well under 0.8 in practice.
 * Short quotes get no slack: a 5-token quote must match fully. Raising it rejects honest copies
 * from other extractors; lowering it accepts paraphrases as evidence.
 *
 * Measured on the 180 indexed pages of the CME corpus, with 840 random 6–25-word windows of
 * `pdftotext` output as quotes: 833 score at least 0.9 on their own page (826 at least 0.95); the 7
 * below are windows cut across the columns of a fee table. Located on a random other page, 819 of
 * 831 score under 0.9; the 12 above it are boilerplate really printed on both pages (signature
 * blocks, the byte-identical fee list, shared clauses of sibling appendices).
 */
export const QUOTE_MATCH_THRESHOLD = 0.9;

/** One normalised token of a page, with the character offsets it came from in the page text. */
export interface PageToken {
  /** NFKC-normalised, lowercase; hyphenation at line ends joined; footnote digits split off. */
  text: string;
  start: number;
  end: number;
}

/** A page's text cut into tokens once, to locate many quotes in it. */
export interface PageTokens {
  tokens: readonly PageToken[];
  /** Every distinct token text of the page. */
  vocabulary: ReadonlySet<string>;
}

/** Where a quote was found in a page, and how well. */
export interface QuoteLocation {
  /** `score >= QUOTE_MATCH_THRESHOLD`. */
  found: boolean;
  /**
   * Share of the quote's tokens matched inside the best window of the page, 0..1. A lone number of
   * one or two digits that is not matched weighs half a token: it is often a footnote marker another
   * extractor set apart (`Delayed  1`), and a wrong clause number in a long quote should not sink it.
   */
  score: number;
  /** Character offsets of the best window in the page text; absent when no token matched. */
  span?: Span;
  /** Quote tokens matched in the best window. */
  matchedTokens: number;
  /** Tokens of the quote after normalisation (glued footnote digits are not counted). */
  quoteTokens: number;
  /** Quote tokens the best window lacks, for error messages. */
  missingTokens: string[];
}

/**
 * Cuts a page's text into normalised tokens, each keeping its character offsets in `pageText`.
 * Tokenise each page once and pass the result to `locateQuoteInTokens` for every quote on it.
 */
export function tokenisePage(pageText: string): PageTokens {
  const tokens = tokeniseText(pageText).map(({ text, start, end }) => ({ text, start, end }));
  return { tokens, vocabulary: new Set(tokens.map((token) => token.text)) };
}

/**
 * Locates a quote in a page's text: see `locateQuoteInTokens`. Convenience for a single quote; for
 * many quotes on the same page, tokenise the page once with `tokenisePage`.
 */
export function locateQuote(quote: string, pageText: string): QuoteLocation {
  return locateQuoteInTokens(quote, tokenisePage(pageText));
}

/**
 * Locates a quote in a tokenised page by aligning tokens, not characters. Both sides are normalised
 * the same way (NFKC, so ligatures become letters; lowercase; punctuation, quotes, dashes and table
 * separators dropped; a word hyphenated at a line end joined). Footnote digits glued to a word
 * (`Time11`) are split off; in the quote they are optional. A quote word that the page writes as
 * two words, or two quote words the page writes as one (`non-sublicensable` / `nonsublicensable`),
 * are matched against the page's vocabulary.
 *
 * The best window is the one covering the most quote tokens (each page token used once), then the
 * shortest, then the one whose tokens follow the quote's order most closely, then the first. Order
 * is only a tie-breaker, so table cells read in another order still match. A window spans at most
 * `3 × quote tokens + 10` page tokens, so scattered common words do not add up to a match.
 */
export function locateQuoteInTokens(quote: string, page: PageTokens): QuoteLocation {
  const quoteTokens = tokeniseText(quote)
    .filter((token) => !token.marker)
    .map((token) => token.text);
  if (quoteTokens.length === 0) {
    return { found: false, score: 0, matchedTokens: 0, quoteTokens: 0, missingTokens: [] };
  }
  const split = splitUnknownTokens(quoteTokens, page.vocabulary);
  const variants = [mergeAdjacentTokens(split, page.vocabulary, 'unknown_parts'), mergeAdjacentTokens(split, page.vocabulary, 'always')];
  let best: Alignment | undefined;
  for (const [index, variant] of variants.entries()) {
    if (index > 0 && sameTokens(variant, variants[0]!)) continue;
    const alignment = alignTokens(variant, page.tokens);
    if (best === undefined || isBetterAlignment(alignment, best)) best = alignment;
  }
  const alignment = best!;
  return {
    found: alignment.score >= QUOTE_MATCH_THRESHOLD,
    score: alignment.score,
    ...(alignment.span ? { span: alignment.span } : {}),
    matchedTokens: alignment.matched,
    quoteTokens: alignment.quoteTokens,
    missingTokens: alignment.missing,
  };
}

interface TextToken extends PageToken {
  /** Footnote digits split off a word (`11` of `Time11`). */
  marker: boolean;
}

// Letters, digits, combining marks, soft hyphens and zero-width characters make words; digit groups
// joined by `.` or `,` stay one number (`$29,280`, `134.50`). Everything else separates tokens.
const WORD = /[\p{L}\p{N}\p{M}\u00AD\u200B-\u200D\u2060]+(?:(?<=\p{N})[.,]\p{N}+)*/gu;
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060]/g;
// A hyphen followed by a line break or spaces (a viewer may turn the break into a space).
const LINE_END_HYPHEN = /^[-\u2010\u2011]\s+$/;
// One or two digits glued to a word of two letters or more, or a list of them (`Greeks1,3`).
const FOOTNOTE_MARKER = /^(\p{L}{2,})(\p{N}{1,2}(?:,\p{N}{1,2})*)$/u;
const TRAILING_DIGITS = /\p{N}+(?:,\p{N}+)*$/u;

function tokeniseText(text: string): TextToken[] {
  const words: PageToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const normalised = normaliseToken(match[0]);
    const previous = words.at(-1);
    if (previous !== undefined && continuesHyphenatedWord(text, previous, start, normalised)) {
      previous.text += normalised;
      previous.end = end;
      continue;
    }
    if (normalised !== '') words.push({ text: normalised, start, end });
  }
  const tokens: TextToken[] = [];
  for (const word of words) tokens.push(...splitFootnoteMarker(text, word));
  return tokens;
}

function normaliseToken(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
}

function continuesHyphenatedWord(text: string, previous: PageToken, start: number, next: string): boolean {
  if (!/^\p{Ll}/u.test(next) || !/\p{L}$/u.test(previous.text)) return false;
  const gap = text.slice(previous.end, start);
  if (LINE_END_HYPHEN.test(gap)) return true;
  // A soft hyphen is inside the word match; the line break after it is the whole gap.
  return text[previous.end - 1] === '\u00AD' && /^\s+$/.test(gap);
}

function splitFootnoteMarker(text: string, word: PageToken): TextToken[] {
  const marker = FOOTNOTE_MARKER.exec(word.text);
  const rawDigits = TRAILING_DIGITS.exec(text.slice(word.start, word.end));
  // Superscript digits normalise to the same digits; anything else (odd widths) stays one token.
  if (marker === null || rawDigits === null || rawDigits[0].normalize('NFKC') !== marker[2]) {
    return [{ ...word, marker: false }];
  }
  const split = word.start + rawDigits.index;
  return [
    { text: marker[1]!, start: word.start, end: split, marker: false },
    { text: marker[2]!, start: split, end: word.end, marker: true },
  ];
}

/** Replaces a quote token unknown to the page by two page words it is made of (`nonprofessional`). */
function splitUnknownTokens(tokens: readonly string[], vocabulary: ReadonlySet<string>): string[] {
  const result: string[] = [];
  for (const token of tokens) {
    if (vocabulary.has(token)) {
      result.push(token);
      continue;
    }
    let parts: [string, string] | undefined;
    for (let cut = 2; cut <= token.length - 2 && parts === undefined; cut += 1) {
      const head = token.slice(0, cut);
      const tail = token.slice(cut);
      if (vocabulary.has(head) && vocabulary.has(tail)) parts = [head, tail];
    }
    result.push(...(parts ?? [token]));
  }
  return result;
}

/**
 * Joins two adjacent quote tokens the page writes as one word. `unknown_parts` joins only when a
 * part is not on the page; `always` joins whenever the joined word is, for pages that also use the
 * parts elsewhere. Both variants are aligned and the better one kept.
 */
function mergeAdjacentTokens(tokens: readonly string[], vocabulary: ReadonlySet<string>, mode: 'unknown_parts' | 'always'): string[] {
  const result: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (next !== undefined && vocabulary.has(token + next) && (mode === 'always' || !vocabulary.has(token) || !vocabulary.has(next))) {
      result.push(token + next);
      index += 1;
      continue;
    }
    result.push(token);
  }
  return result;
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((token, index) => token === b[index]);
}

interface Alignment {
  score: number;
  matched: number;
  quoteTokens: number;
  /** Page tokens in the window; `Infinity` when nothing matched. */
  width: number;
  /** Matched tokens that follow the quote's order (longest increasing run). */
  inOrder: number;
  span: Span | undefined;
  missing: string[];
}

function isBetterAlignment(candidate: Alignment, current: Alignment): boolean {
  if (candidate.score !== current.score) return candidate.score > current.score;
  if (candidate.width !== current.width) return candidate.width < current.width;
  return candidate.inOrder > current.inOrder;
}

const LONE_SHORT_NUMBER = /^\p{N}{1,2}$/u;

function scoreAlignment(matched: number, quote: readonly string[], missing: readonly string[]): number {
  const unmatchedShortNumbers = missing.filter((token) => LONE_SHORT_NUMBER.test(token)).length;
  return matched / (quote.length - unmatchedShortNumbers / 2);
}

/** A window of page tokens `[first, last]`, inclusive. */
interface Window {
  first: number;
  last: number;
}

/** Multiset counts of the quote tokens inside a sliding window of page tokens. */
class WindowCounter {
  matched = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly wanted: ReadonlyMap<string, number>) {}

  add(token: string): void {
    const wanted = this.wanted.get(token);
    if (wanted === undefined) return;
    const count = this.counts.get(token) ?? 0;
    if (count < wanted) this.matched += 1;
    this.counts.set(token, count + 1);
  }

  remove(token: string): void {
    const wanted = this.wanted.get(token);
    if (wanted === undefined) return;
    const count = (this.counts.get(token) ?? 0) - 1;
    this.counts.set(token, count);
    if (count < wanted) this.matched -= 1;
  }
}

function alignTokens(quote: readonly string[], page: readonly PageToken[]): Alignment {
  const wanted = new Map<string, number>();
  for (const token of quote) wanted.set(token, (wanted.get(token) ?? 0) + 1);
  const limit = 3 * quote.length + 10;

  // Pass 1: the most quote tokens any window of at most `limit` page tokens covers.
  const sliding = new WindowCounter(wanted);
  let most = 0;
  for (let last = 0; last < page.length; last += 1) {
    sliding.add(page[last]!.text);
    if (last >= limit) sliding.remove(page[last - limit]!.text);
    most = Math.max(most, sliding.matched);
  }
  if (most === 0) {
    return { score: 0, matched: 0, quoteTokens: quote.length, width: Number.POSITIVE_INFINITY, inOrder: 0, span: undefined, missing: [...quote] };
  }

  // Pass 2: the shortest windows covering that many (two pointers); no longer than `limit` by pass 1.
  const shrinking = new WindowCounter(wanted);
  let shortest = Number.POSITIVE_INFINITY;
  let windows: Window[] = [];
  let first = 0;
  for (let last = 0; last < page.length; last += 1) {
    shrinking.add(page[last]!.text);
    while (shrinking.matched >= most) {
      const width = last - first + 1;
      if (width < shortest) {
        shortest = width;
        windows = [];
      }
      if (width === shortest) windows.push({ first, last });
      shrinking.remove(page[first]!.text);
      first += 1;
    }
  }

  let best: { window: Window; inOrder: number } | undefined;
  for (const window of windows) {
    const inOrder = countInOrder(quote, page, window);
    if (best === undefined || inOrder > best.inOrder) best = { window, inOrder };
  }
  const { window, inOrder } = best!;
  const missing = missingTokens(quote, page, window);
  return {
    score: scoreAlignment(most, quote, missing),
    matched: most,
    quoteTokens: quote.length,
    width: shortest,
    inOrder,
    span: { start: page[window.first]!.start, end: page[window.last]!.end },
    missing,
  };
}

/** Length of the longest run of window tokens whose quote positions increase. */
function countInOrder(quote: readonly string[], page: readonly PageToken[], window: Window): number {
  const positions = new Map<string, number[]>();
  for (const [index, token] of quote.entries()) positions.set(token, [...(positions.get(token) ?? []), index]);
  const used = new Map<string, number>();
  const sequence: number[] = [];
  for (let index = window.first; index <= window.last; index += 1) {
    const token = page[index]!.text;
    const candidates = positions.get(token);
    const count = used.get(token) ?? 0;
    if (candidates === undefined || count >= candidates.length) continue;
    sequence.push(candidates[count]!);
    used.set(token, count + 1);
  }
  // Patience sorting: tails[k] is the smallest tail of an increasing run of length k + 1.
  const tails: number[] = [];
  for (const value of sequence) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
  }
  return tails.length;
}

function missingTokens(quote: readonly string[], page: readonly PageToken[], window: Window): string[] {
  const available = new Map<string, number>();
  for (let index = window.first; index <= window.last; index += 1) {
    const token = page[index]!.text;
    available.set(token, (available.get(token) ?? 0) + 1);
  }
  const missing: string[] = [];
  for (const token of quote) {
    const count = available.get(token) ?? 0;
    if (count > 0) available.set(token, count - 1);
    else missing.push(token);
  }
  return missing;
}
