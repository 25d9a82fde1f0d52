import { isTableRow } from './is-table-row.ts';

/** A line recognised as a heading. */
export interface DetectedHeading {
  /** The heading line with its whitespace collapsed and a cell separator after its number dropped (`2. Definitions`). */
  text: string;
  /**
   * True when the line reads as a title (`3. Subscriber Addendum Term`), false when it is the first
   * line of a numbered clause's body (`3.1 This Subscriber Addendum is effective as of…`): both start
   * a section, only titles name one.
   */
  isTitle: boolean;
  /** True for a numbered clause (`1.`, `1.1`, `5 |`). */
  isNumbered: boolean;
}

/** The lines around the one being judged (each `undefined` at a page edge). */
export interface HeadingContext {
  previousLine?: string | undefined;
  nextLine?: string | undefined;
  /** True when the previous line was itself a heading. */
  previousIsHeading?: boolean;
}

const MAX_TITLE_WORDS = 12;
const MAX_SHORT_LINE_WORDS = 8;
const MAX_SHORT_LINE_LENGTH = 90;

// `1.`, `1.1`, `12.3.4`, `5 |` (the extractor joins a clause number set apart from its title with
// ` | `), and `2.10.Licensee` (no space after the number).
const NUMBERED_CLAUSE =
  /^\s*(\d{1,3}\.|\d{1,3}(?:\.\d{1,3}){1,4}\.?|\d{1,3}(?=\s*\|))(?:\s*\|\s*|\s+|(?<=\d\.\d{1,3}\.)(?=[A-Z]))(?=[A-Z[("“‘'])(.*)$/;
const LETTERED_CLAUSE = /^\s*(\((?:[a-z]{1,2}|[ivx]{1,5}|[A-Z]|\d{1,2})\))(?:\s*\|\s*|\s+)(?=[A-Z("“‘'])(.*)$/;
const KEYWORD_HEADING =
  /^\s*(?:Section|SECTION|Article|ARTICLE|Schedule|SCHEDULE|Appendix|APPENDIX|Annex|ANNEX|Exhibit|EXHIBIT|Part|PART|Chapter|CHAPTER)\s+(?:\d{1,3}[A-Za-z]?(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z])(?=$|[\s.:–—-])/;
// `3. Reserved`, `2.3 [Reserved]`: a placeholder clause names nothing.
const RESERVED = /^\s*\[?(?:reserved|intentionally (?:left blank|omitted))\]?\s*$/i;
const SENTENCE_END = /[.:;!?]["”’)]?$/;
const CONNECTOR_WORDS = new Set([
  'of', 'and', 'or', 'the', 'to', 'for', 'in', 'on', 'at', 'by', 'with', 'per', 'a', 'an', 'from', 'into', 'under', 'vs', 'via',
  '&', '–', '—', '-', '/',
]);

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

// Whether a heading may follow this line: a page top, a blank line, a sentence end or another heading.
function endsBlock(context: HeadingContext): boolean {
  if (context.previousIsHeading) return true;
  const previous = context.previousLine?.trim();
  return previous === undefined || previous === '' || SENTENCE_END.test(previous);
}

function isAllCapitals(text: string): boolean {
  if (/[a-z]/.test(text)) return false;
  return wordsOf(text).some((word) => /^[A-Z][A-Z'’&-]{2,}$/.test(word));
}

function isTitleCase(text: string): boolean {
  if (!/^[A-Z]/.test(text)) return false;
  const words = wordsOf(text);
  if (!words.some((word) => /^[A-Za-z]{3,}/.test(word))) return false;
  return words.every((word) => /^[A-Z0-9("“‘'&[]/.test(word) || CONNECTOR_WORDS.has(word));
}

function readsAsTitle(body: string): boolean {
  const text = collapseWhitespace(body);
  if (text === '' || wordsOf(text).length > MAX_TITLE_WORDS || /[.,;:]$/.test(text)) return false;
  return isTitleCase(text) || isAllCapitals(text);
}

/**
 * Whether `line` is a heading. Numbered clauses (`1.`, `1.1`, `12.3.4`, `5 | Internal Controls`)
 * always are, as titles when their text is a short Title-Case or ALL-CAPS phrase; `(a)`-style
 * clauses with a title, `Section 5` / `SCHEDULE 2` / `Article IV` lines, short ALL-CAPS lines and
 * short Title-Case lines without a final punctuation mark are when they start a block (top of page,
 * after a blank line, a sentence end or a heading). A short line right after a table row and before
 * another is a row-group label inside the table (`Display Device`), not a heading. Table rows never are.
 */
export function detectHeading(line: string, context: HeadingContext = {}): DetectedHeading | undefined {
  const text = collapseWhitespace(line);
  if (text === '') return undefined;

  const numbered = NUMBERED_CLAUSE.exec(line);
  if (numbered) {
    const [, number = '', body = ''] = numbered;
    if (body.includes(' | ')) return undefined;
    return { text: collapseWhitespace(`${number} ${body}`), isTitle: readsAsTitle(body) && !RESERVED.test(body), isNumbered: true };
  }
  if (isTableRow(line)) return undefined;

  const lettered = LETTERED_CLAUSE.exec(line);
  if (lettered) {
    const [, marker = '', body = ''] = lettered;
    if (!endsBlock(context) || !readsAsTitle(body) || wordsOf(body).length > MAX_SHORT_LINE_WORDS) return undefined;
    return { text: collapseWhitespace(`${marker} ${body}`), isTitle: true, isNumbered: false };
  }

  if (!endsBlock(context)) {
    // A row-group label between two table rows is part of the table; after a table row and before
    // prose, a short title line does open a new section (`Definitions` after a fee row).
    const previous = context.previousLine;
    const next = context.nextLine;
    const afterRow = previous !== undefined && isTableRow(previous);
    if (!afterRow || next === undefined || isTableRow(next)) return undefined;
  }
  if (KEYWORD_HEADING.test(line) && wordsOf(text).length <= MAX_TITLE_WORDS && !/[,;]$/.test(text)) {
    return { text, isTitle: true, isNumbered: false };
  }
  if (wordsOf(text).length > MAX_SHORT_LINE_WORDS || text.length > MAX_SHORT_LINE_LENGTH) return undefined;
  if (isAllCapitals(text) && !/[,;]$/.test(text)) return { text, isTitle: true, isNumbered: false };
  if (isTitleCase(text) && !/[.,;:!?]$/.test(text)) return { text, isTitle: true, isNumbered: false };
  return undefined;
}
