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

/**
 * Finds the pages where a quote occurs word for word (letters, digits, `$` and `%` in order; case,
 * punctuation, line breaks and spacing aside), in every document of `pageTexts` except `exclude`.
 * This is how the same clause in two editions of a schedule, or in a renamed copy, is recognised
 * as the same evidence. Quotes under 40 normalised characters are not looked for: a short phrase
 * (`Real Time Device $0`) recurs by chance. Create once per index; results are cached per quote.
 */
export function createVerbatimCopyFinder(pageTexts: ReadonlyMap<string, ReadonlyMap<number, string>>): (quote: string, exclude: ReadonlySet<string>) => QuoteCopy[] {
  const pages: { doc: string; page: number; normalised: NormalisedPage }[] = [];
  for (const [doc, byPage] of pageTexts) {
    for (const [page, text] of byPage) pages.push({ doc, page, normalised: normalisePage(text) });
  }
  const cache = new Map<string, QuoteCopy[]>();
  return (quote, exclude) => {
    const needle = normaliseQuote(quote);
    if (needle.length < 40) return [];
    let copies = cache.get(needle);
    if (copies === undefined) {
      copies = [];
      for (const { doc, page, normalised } of pages) {
        const at = normalised.text.indexOf(needle);
        if (at === -1) continue;
        copies.push({ doc, page, start: normalised.offsets[at]!, end: normalised.offsets[at + needle.length - 1]! + 1 });
      }
      cache.set(needle, copies);
    }
    return copies.filter((copy) => !exclude.has(copy.doc));
  };
}
