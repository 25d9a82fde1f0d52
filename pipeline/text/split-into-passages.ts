import { DEFINITION_LINE_PATTERN } from '../chunk/index.ts';
import { hasMoneyAmount } from './detect-values.ts';
import { memo } from './token-stream.ts';

// A line that is a table row: cells joined by ` | `.
const TABLE_ROW = / \| /;

/** True when a line (a unit of `splitIntoUnits`) is a table row: cells joined by ` | `. */
export function isCellRow(line: string): boolean {
  return TABLE_ROW.test(line);
}

// A line opening a list item: `(a)`, `(iv)`, `1.`, `2)`, `2.3`, `a)`, a bullet (a bare `1` is a wrapped date or figure).
const LIST_ITEM = /^(?:\([0-9A-Za-z]{1,4}\)|[0-9]{1,3}(?:\.[0-9]{1,3})+\.?|[0-9]{1,3}[.)]|[a-z]\)|[•●▪◦∙·‣*–—-])\s/;

// Sentence ends: `.`, `!`, `?` or `;` before whitespace and an opening capital, digit, quote or parenthesis.
const SENTENCE_BREAK = /(?<=[.!?;])\s+(?=["“(]?[A-Z0-9])/;

// A lettered item marker alone (`B.`, `iv.`): the sentence it marks follows, it is no sentence itself.
// (A numbered one, `3.`, holds no letter and is left out as a unit of its own.)
const ITEM_MARKER = /^(?:[A-Za-z]|[IVXivx]{1,4})\.$/;

// Abbreviations whose period does not end a sentence.
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|[Nn]o|[Nn]os|[Ss]ec|[Ii]nc|[Ll]td|[Cc]orp|[Cc]o|vs|[Mm]r|[Mm]s|[Dd]r|[Ss]t|U\.S|approx|incl|[Pp]ara|[Aa]rt|[Ff]ig|pp?)\.$/;

/**
 * Splits a chunk's text into the units answers are made of and proximity is measured on: sentences
 * and table rows, whitespace collapsed to single spaces and trimmed, otherwise verbatim.
 * - A table row (cells joined by ` | `) stands alone. The one or two short lines without final
 *   punctuation right above a group of rows (`Category A1 – Trading As a Principal`, `E-Mini`) are
 *   its label: the label is a unit itself and becomes the first cell of every row of the group,
 *   `Category A1 – Trading As a Principal | Enterprise (4+ Applications) | Licensee Group | $3,640`.
 * - Elsewhere, a short line without final punctuation (a heading inside the chunk) stands alone.
 * - A list item (`(a)`, `1.`, `2.3`, a bullet) or a definition line (`Subscriber: any party…`, as the
 *   chunker recognises them) starts a new sentence.
 * - Wrapped prose lines are joined, then split at `.`, `!`, `?` or `;` followed by a capital, digit,
 *   quote or parenthesis (not after abbreviations such as `e.g.` or `No.`, nor after an item marker
 *   alone, `B.`, which opens the sentence it marks); a printed page number between the halves of a
 *   sentence broken by the page does not end it.
 */
export function splitIntoUnits(text: string): string[] {
  return splitIntoPassages(text).flat();
}

/**
 * The units of `splitIntoUnits`, grouped into passages: the sentences of one prose paragraph (a
 * list item or definition line opens a new one; a heading, a blank line or a table row ends one)
 * form one passage; a heading line, a label and each table row are passages of their own. A row
 * whose first cell is a band of counts, under a wider row, is given that row's spanning leading
 * cells (`Non-Financial Institution | 201 - 2,000 | $75 | $250`).
 * Concatenated in order, the passages are exactly `splitIntoUnits(text)`.
 */
export function splitIntoPassages(text: string): string[][] {
  return readPassages(text).map((passage) => [...passage]);
}

const readPassages = memo(20_000, (text: string): string[][] => computePassages(text));

function computePassages(text: string): string[][] {
  const lines = text.split('\n').map((line) => line.trim());
  const longestProse = lines.filter((line) => !TABLE_ROW.test(line)).reduce((max, line) => Math.max(max, line.length), 0);
  const passages: string[][] = [];
  let paragraph: string[] = [];
  // Short lines without final punctuation: a label if rows follow, else headings or wrapped prose.
  let pending: { line: string; next: string | undefined }[] = [];
  let label: string | undefined;
  // The widest row with an amount of the current table: a row with fewer cells sits under its
  // row-spanning leading cells (`Non-Financial Institution` over five headcount rows).
  let spanning: string[] | undefined;
  // The label before a one-line wrapped cell (`Institution` under `Non-Financial | 1 - 25 | …`).
  let labelBeforeWrap: string | undefined;
  const flushParagraph = () => {
    if (paragraph.length > 0) passages.push(splitSentences(paragraph.join(' ')));
    paragraph = [];
  };
  const addProseLine = (line: string, next: string | undefined) => {
    // A line that opens in lower case, or is followed by one, is wrapped prose (`are required to` /
    // `complete the ILA and Schedule 1 and 1a:`), however short: headings are capitalised and stand alone.
    const wrapped = /^\p{Ll}/u.test(line) || /^\p{Ll}/u.test(next ?? '');
    if (!wrapped && isHeadingLine(line, longestProse)) {
      flushParagraph();
      passages.push([collapse(line)]);
      return;
    }
    const wrappedNumeral = /^\(\d+\)/.test(line) && NUMBER_WORD_END.test(paragraph.at(-1) ?? '');
    if (!wrappedNumeral && (LIST_ITEM.test(line) || DEFINITION_LINE_PATTERN.test(line))) flushParagraph();
    paragraph.push(line);
  };
  const releasePending = () => {
    for (const { line, next } of pending) addProseLine(line, next);
    pending = [];
  };
  lines.forEach((original, index) => {
    let line = original;
    const next = lines[index + 1];
    // A line drawn of dashes or rules (`-------`) draws the table's lines: it holds no text, and
    // neither ends a table nor labels its next row.
    if (RULE_LINE.test(line)) return;
    // A printed page number between the two halves of a sentence (`…a royalty fee on a monthly basis
    // of` / `2` / `5% of Your total monthly gross sales…`) is the page's furniture, left where the page
    // broke: the sentence goes on past it (as a heading line it would end the sentence, and the
    // second half would lose what the first half says it is).
    if (PAGE_NUMBER.test(line) && breaksSentence(paragraph, pending, next)) return;
    if (line === '') {
      releasePending();
      flushParagraph();
      label = undefined;
      spanning = undefined;
    } else if (isNumberedClauseRow(line)) {
      // `8.3 | Subscriber must pay … within thirty` is a clause whose number the extractor set apart, not a table row.
      label = undefined;
      spanning = undefined;
      releasePending();
      flushParagraph();
      paragraph.push(line);
    } else if (TABLE_ROW.test(line)) {
      let cells = collapse(line).split(' | ');
      const priced = hasMoneyAmount(line);
      if (priced && spanning !== undefined) {
        const span = spanning;
        // A row of fewer cells whose first is a band (`26 - 200`) where the widest row has one sits under its spanning cells;
        // a full row whose first cell opens in lower case continues the spanning cell (`and academia*** | 26 - 200 | …`).
        const under = cells.length < span.length && isBand(cells[0]!) && isBand(span[span.length - cells.length]!);
        const continues = cells.length === span.length && cells.length > 1 && /^\p{Ll}/u.test(cells[0]!) && isBand(cells[1]!) && isBand(span[1]!);
        if (pending.length === 1 && (under || continues)) {
          // A one-line wrapped cell between such rows continues the spanning cell, it is no label.
          spanning = [`${span[0]} ${collapse(pending[0]!.line)}`, ...span.slice(1)];
          pending = [];
          label = labelBeforeWrap;
        }
        if (pending.length === 0 && continues) {
          spanning = [`${spanning[0]} ${cells[0]}`, ...spanning.slice(1)];
          cells = [spanning[0]!, ...cells.slice(1)];
        } else if (pending.length === 0 && under) {
          cells = [...spanning.slice(0, spanning.length - cells.length), ...cells];
        }
      }
      if (pending.length > 0) spanning = undefined;
      if (priced && (spanning === undefined || cells.length >= spanning.length)) spanning = cells;
      line = cells.join(' | ');
      if (pending.length > 0) {
        const labelLines = pending.slice(-2).map((entry) => entry.line);
        pending = pending.slice(0, -2);
        releasePending();
        flushParagraph();
        label = collapse(labelLines.join(' '));
        passages.push([label]);
      }
      flushParagraph();
      const row = collapse(line);
      passages.push([label !== undefined && !row.startsWith(label) ? `${label} | ${row}` : row]);
    } else {
      if (pending.length === 0) labelBeforeWrap = label;
      label = undefined;
      if (line.length <= 80 && !/[.,;:!?]$/.test(line) && !LIST_ITEM.test(line)) {
        pending.push({ line, next });
      } else {
        releasePending();
        addProseLine(line, next);
      }
    }
  });
  releasePending();
  flushParagraph();
  // A unit without a letter is a page number or a stray mark, unless it is a row of figures (`1,001 - 9,000 | $2.50`).
  return passages.map((passage) => passage.filter((unit) => /\p{L}/u.test(unit) || (TABLE_ROW.test(unit) && /\d/.test(unit)))).filter((passage) => passage.length > 0);
}

// A printed page number standing alone: `12`, `-12-`, `- 12 -`.
const PAGE_NUMBER = /^[-–]?\s?\d{1,3}\s?[-–]?$/;

// A line continuing a sentence: it opens in lower case or with a figure (`5% of Your total…`), not
// with a capital, which may open the page's running footer (`Source: …`) or a new heading.
const CONTINUES = /^(?:\p{Ll}|[\d$€£%(])/u;

/**
 * Whether the text read so far stops inside a sentence that the next line continues: the last prose
 * line (wrapped or short) ends without final punctuation, and the next line goes on with it (opens in
 * lower case or with a figure), not a table row or another page number.
 */
function breaksSentence(paragraph: readonly string[], pending: readonly { line: string }[], next: string | undefined): boolean {
  const last = pending.at(-1)?.line ?? paragraph.at(-1);
  if (last === undefined || /[.!?;:]$/.test(last) || PAGE_NUMBER.test(last)) return false;
  return next !== undefined && CONTINUES.test(next) && !TABLE_ROW.test(next) && !PAGE_NUMBER.test(next);
}

// A line of rule characters only: dashes, equals signs, underscores, box-drawing lines.
const RULE_LINE = /^[-=_─━—–]{4,}$/;

// A line ending in a number word: a next line opening `(30)` continues it (`within thirty` / `(30) Days`), it is no list item.
const NUMBER_WORD_END = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)(?:-\w+)?$/i;

// A clause or list number set apart as a cell: `8.3`, `15`, `(a)`, `1)`, `b)`.
const CLAUSE_NUMBER_CELL = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3})*\.?|\([0-9A-Za-z]{1,4}\)|[0-9]{1,2}\)|[a-z]\))$/;

/** A two-cell line whose first cell is a clause number and whose second is prose (six words or more, no amount). */
function isNumberedClauseRow(line: string): boolean {
  const cells = line.split(' | ');
  if (cells.length !== 2) return false;
  const [number, prose] = cells as [string, string];
  return CLAUSE_NUMBER_CELL.test(number.trim()) && prose.trim().split(/\s+/).length >= 6 && !hasMoneyAmount(prose);
}

function isHeadingLine(line: string, longest: number): boolean {
  return line.length < Math.min(60, Math.max(20, longest * 0.6)) && !/[.,;:!?]$/.test(line) && !LIST_ITEM.test(line);
}

function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  for (const piece of collapse(paragraph).split(SENTENCE_BREAK)) {
    const previous = sentences[sentences.length - 1];
    if (previous !== undefined && (ABBREVIATION.test(previous) || ITEM_MARKER.test(previous))) sentences[sentences.length - 1] = `${previous} ${piece}`;
    else sentences.push(piece);
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 0);
}

/** A table cell holding a band of counts (`1 - 25`, `2,001 - 15,000`, `+15,000`): digits, no amount, no words. */
function isBand(cell: string): boolean {
  return /\d/.test(cell) && /^[+\d\s,.–-]+$/.test(cell);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
