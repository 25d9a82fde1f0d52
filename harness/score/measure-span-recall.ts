/** A character span on one page of one document: where a chunk or an expected quote sits. */
export interface DocumentSpan {
  /** Document path relative to the source root, with `/` separators. */
  doc: string;
  /** 1-based page. */
  page: number;
  /** Character offsets `[start, end)` in that page's extracted text. */
  start: number;
  end: number;
  /** For an expected span: the same quote word for word elsewhere, which counts as this span. */
  copies?: DocumentSpan[];
}

/** Documents that are byte-identical to others: `{ 'a.pdf': ['b.pdf'] }`. Read in both directions. */
export type DocumentAliases = Readonly<Record<string, readonly string[]>>;

/** How many expected spans the observed spans reach. */
export interface SpanRecall {
  /** Expected spans overlapped by at least one observed span. */
  overlapped: number;
  expected: number;
  /** `overlapped / expected`; `null` when nothing was expected. */
  rate: number | null;
}

/**
 * Counts the expected spans that share at least one character with an observed span on the same
 * page of the same document or of a byte-identical duplicate (same text, so the same offsets), or
 * with one of the span's verbatim `copies` in another document.
 */
export function measureSpanRecall(
  expected: readonly DocumentSpan[],
  observed: readonly DocumentSpan[],
  aliases: DocumentAliases = {},
): SpanRecall {
  const overlapped = expected.filter((target) =>
    [target, ...(target.copies ?? [])].some((place) => observed.some((span) => spansOverlap(place, span, aliases))),
  ).length;
  return { overlapped, expected: expected.length, rate: expected.length === 0 ? null : overlapped / expected.length };
}

function spansOverlap(a: DocumentSpan, b: DocumentSpan, aliases: DocumentAliases): boolean {
  return a.page === b.page && sameDocument(a.doc, b.doc, aliases) && a.start < b.end && b.start < a.end;
}

function sameDocument(a: string, b: string, aliases: DocumentAliases): boolean {
  return a === b || (aliases[a]?.includes(b) ?? false) || (aliases[b]?.includes(a) ?? false);
}
