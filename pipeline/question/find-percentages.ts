/** A percentage found in text. */
export interface Percentage {
  text: string;
  start: number;
  end: number;
  /** `75` for `75%`. */
  value: number;
}

const PERCENTAGE = /(?<![\p{N}.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?:%|per\s*cent(?:age\s+points?)?(?!\p{L})|pct(?!\p{L}))/giu;

/**
 * The percentages written in `text`, in order: `75%`, `1.5 %`, `75 percent`, `5 per cent`.
 * Private helper of the question stage; not exported from its index.
 */
export function findPercentages(text: string): Percentage[] {
  return [...text.matchAll(PERCENTAGE)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
    value: Number((match[1] ?? '').replace(/,/g, '')),
  }));
}
