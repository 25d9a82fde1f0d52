/** Where a quote occurs word for word: a page of a document and the character span on it. */
export interface QuoteCopy {
  doc: string;
  page: number;
  start: number;
  end: number;
}

interface NormalisedPage {
  /** Lowercase letters and digits, every other run of characters one space. */
  text: string;
  /** For each character of `text`, its offset in the page text. */
  offsets: number[];
}

function normalisePage(pageText: string): NormalisedPage {
  let text = '';
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < pageText.length; index += 1) {
    const character = pageText[index]!;
    if (/[\p{L}\p{N}$%]/u.test(character)) {
      if (pendingSpace && text.length > 0) {
        text += ' ';
        offsets.push(index);
      }
      pendingSpace = false;
      text += character.toLowerCase();
      offsets.push(index);
    } else {
      pendingSpace = true;
    }
  }
  return { text, offsets };
}

function normaliseQuote(quote: string): string {
  return normalisePage(quote).text;
}

/** Where a quote sits: its document, page and the offset it starts at in that page's text. */
export interface QuotePlace {
  doc: string;
  page: number;
  start: number;
}

/** Normalised characters a quote must span, alone or with its context, before copies are looked for. */
const MIN_COPY_CHARACTERS = 40;
/** Normalised characters of context a short quote is read with: the same clause, not a chance phrase. */
const SHORT_QUOTE_CONTEXT = 160;

/**
 * Finds the pages where a quote occurs word for word (letters, digits, `$` and `%` in order; case,
 * punctuation, line breaks and spacing aside), in every document of `pageTexts` except `exclude`.
 * This is how the same clause in two editions of a schedule, or in a renamed copy, is recognised
 * as the same evidence. A quote under 40 normalised characters (`USD 3,000.00 /Flat /Month`) recurs
 * by chance, so it is looked for only with its context: when `place` says where it sits, the quote
 * with the text before it, or with the text after it, on its page (160 normalised characters in
 * all) must occur word for word elsewhere (the same clause or table in an identical edition), and
 * the copy is the quote's part of that passage. Without `place`, or on a page too short for that
 * much context, a short quote has no copies. Create once per index; results are cached per form.
 */
export function createVerbatimCopyFinder(
  pageTexts: ReadonlyMap<string, ReadonlyMap<number, string>>,
): (quote: string, exclude: ReadonlySet<string>, place?: QuotePlace) => QuoteCopy[] {
  const pages: { doc: string; page: number; normalised: NormalisedPage }[] = [];
  const byPlace = new Map<string, NormalisedPage>();
  for (const [doc, byPage] of pageTexts) {
    for (const [page, text] of byPage) {
      const normalised = normalisePage(text);
      pages.push({ doc, page, normalised });
      byPlace.set(`${doc}\u0000${page}`, normalised);
    }
  }
  const cache = new Map<string, { doc: string; page: number; at: number; normalised: NormalisedPage }[]>();
  const occurrences = (needle: string) => {
    let found = cache.get(needle);
    if (found === undefined) {
      found = [];
      for (const { doc, page, normalised } of pages) {
        const at = normalised.text.indexOf(needle);
        if (at !== -1) found.push({ doc, page, at, normalised });
      }
      cache.set(needle, found);
    }
    return found;
  };
  return (quote, exclude, place) => {
    const needle = normaliseQuote(quote);
    if (needle.length === 0) return [];
    // Each form searched, with where the quote starts in it: the quote, or the quote with its context.
    let forms = [{ searched: needle, offset: 0 }];
    if (needle.length < MIN_COPY_CHARACTERS) {
      forms = place === undefined ? [] : quoteInContext(byPlace.get(`${place.doc}\u0000${place.page}`), place, needle);
    }
    const copies = new Map<string, QuoteCopy>();
    for (const { searched, offset } of forms) {
      for (const { doc, page, at, normalised } of occurrences(searched)) {
        if (exclude.has(doc)) continue;
        const copy = { doc, page, start: normalised.offsets[at + offset]!, end: normalised.offsets[at + offset + needle.length - 1]! + 1 };
        copies.set(`${doc}\u0000${page}\u0000${copy.start}`, copy);
      }
    }
    return [...copies.values()];
  };
}

/**
 * The quote with the text before it, and the quote with the text after it, on its page
 * (`SHORT_QUOTE_CONTEXT` characters each, where the page has them), and where the quote starts in
 * each: the clause leading to a figure, or the table rows after it, while the page's running footer
 * may differ between editions.
 */
function quoteInContext(normalised: NormalisedPage | undefined, place: QuotePlace, needle: string): { searched: string; offset: number }[] {
  if (normalised === undefined) return [];
  // The first letter or digit at or after the quote's start (a space is recorded at the next character's offset).
  const first = normalised.offsets.findIndex((offset, index) => offset >= place.start && normalised.text[index] !== ' ');
  if (first === -1 || normalised.text.slice(first, first + needle.length) !== needle) return [];
  const spare = SHORT_QUOTE_CONTEXT - needle.length;
  const from = Math.max(0, first - spare);
  const to = Math.min(normalised.text.length, first + needle.length + spare);
  return [
    { searched: normalised.text.slice(from, first + needle.length), offset: first - from },
    { searched: normalised.text.slice(first, to), offset: 0 },
  ].filter((form) => form.searched.length >= SHORT_QUOTE_CONTEXT);
}
