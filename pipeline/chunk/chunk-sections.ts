import { ClausegateError } from '../errors.ts';
import type { Chunk, ExtractedDocument, ExtractedPage, Span } from '../types.ts';
import { countTokens, findLongRuns, MAX_TOKEN_BYTES } from './count-tokens.ts';
import { DEFINITION_LINE_PATTERN, detectDefinitions } from './detect-definitions.ts';
import { detectHeading } from './detect-heading.ts';
import { findRunningLines } from './find-running-lines.ts';
import { isTableRow } from './is-table-row.ts';

/**
 * The version of the chunking rules, and of the extracted text they cut (c4: two-column pages read
 * column by column). Bump it whenever a change moves chunk boundaries, headings, kinds or the text
 * itself, so that an index built by other rules is rebuilt instead of reused.
 */
export const CHUNKER_VERSION = 'c5';

/** What `chunkSections` needs: one extracted document and where it came from. */
export interface ChunkSectionsInput {
  document: ExtractedDocument;
  /** Path of the document relative to the source root, with `/` separators. */
  doc: string;
  source: string;
  /** sha256 of the document's bytes (hex); its first 16 characters start every chunk id. */
  docHash: string;
  /** Upper bound of a chunk in cl100k_base tokens (config `chunking.maxTokens`, default 320). */
  maxTokens: number;
  /** A section under this many tokens joins the next one on its page when both fit (config `chunking.minTokens`, default 40). */
  minTokens: number;
}

interface Line {
  start: number;
  end: number;
  text: string;
  isBlank: boolean;
  isTableRow: boolean;
  /** Set when the line starts a section. */
  heading?: { text: string; isTitle: boolean; isNumbered: boolean; parts: TitlePart[] };
  /** Set on a title line joined to the title of the line above (`Venue` under `Category A3 – Trading on Alternative`): that line. */
  joinedTo?: Line;
  /** Set when the line repeats at the top (`header`) or bottom (`footer`) of most pages of the document. */
  running?: 'header' | 'footer';
  /** True when a prose line starts a paragraph (a definition, a list item, a sentence after a finished one). */
  opensParagraph: boolean;
}

/** One line of a title, as it reads in the title's text. */
interface TitlePart {
  line: Line;
  text: string;
}

/** A place in a document: a page and a character offset in its text. */
interface Position {
  page: number;
  offset: number;
}

interface TitleHeading extends Position {
  /** The title without its running lines; '' when it is only a running header. */
  text: string;
  /** The running header a title made only of one holds, named when no topic is known. */
  runningText: string;
  /** True when the title is made of a topic's lines (the topic and the date line under it): it adds nothing to the topic. */
  isTopic: boolean;
}

/** What a stretch of a document is about: a page's lead title, carried over until the next one. */
interface Topic extends Position {
  text: string;
}

/**
 * How finely a range is divided when it does not fit: blocks, then lines, sentences, words, and last
 * characters (a single "word" longer than a chunk: base64, a hex dump, a line of dots).
 */
type SplitLevel = 'blocks' | 'lines' | 'sentences' | 'words' | 'characters';
const NEXT_LEVEL: Record<SplitLevel, SplitLevel | undefined> = {
  blocks: 'lines',
  lines: 'sentences',
  sentences: 'words',
  words: 'characters',
  characters: undefined,
};

const MAX_JOINED_HEADING_WORDS = 16;
const HEADING_TRAIL_SEPARATOR = ' › ';
const CLAUSE_NUMBER_START = /^\s*(?:\d{1,3}(?:\.\d{1,3})*\.?|\([0-9A-Za-z]{1,5}\))(?=\s|\||$)/;
const SENTENCE_INSIDE = /[.!?]["”’)]?\s+[A-Z]/;
const YEAR = /\b(?:19|20)\d{2}\b/;
const DEFINITIONS_HEADING = /definition|defined term/i;
const SENTENCE_END = /[.!?]["”’)]?$/;
const NEW_SENTENCE_START = /^\s*[A-Z"“(]/;
const LIST_ITEM_START = /^\s*(?:\((?:[0-9]{1,3}|[a-zA-Z]{1,2}|[ivxlcIVXLC]{1,6})\)|[•●▪◦∙·‣*–—-]\s)/;
// A sentence ends at `.`, `!`, `?` or `;` followed by whitespace and a capital, digit, quote or bracket.
const SENTENCE_BOUNDARY = /(?<=[.!?;]["”’)]?)\s+(?=[A-Z0-9"“(])/g;
// Abbreviations after which a period does not end a sentence.
const ABBREVIATION_BEFORE = /(?:\b(?:e\.g|i\.e|etc|Inc|Ltd|Co|No|Nos|Corp|vs|cf|approx|Mr|Mrs|Ms|Dr|St|U\.S|a\.m|p\.m)|\b[A-Z])\.$/;

/**
 * Cuts a document into section-aware chunks. A chunk starts at a heading (numbered clauses, `(a)`
 * titles, `Section 5` / `SCHEDULE 2` / `Article IV`, short ALL-CAPS and Title-Case lines in PDF and
 * TXT text; the extractor's headings for DOCX, detection when a DOCX has none) and holds its
 * section's text. A section over `maxTokens` is divided at blocks (paragraphs, table blocks), then
 * lines, then sentences, then words, and the pieces are packed back greedily up to `maxTokens`; a
 * table row is never divided (a single row over `maxTokens` stays whole). A section under
 * `minTokens` joins the next section on its page when the two fit (the last one on a page joins the
 * previous chunk instead). Chunks never cross pages and their text is the exact, trimmed slice
 * `page.text.slice(span.start, span.end)`; together they cover every non-whitespace character of
 * every page exactly once. Ids are `<first 16 hex of docHash>-p<page>-<span.start>`, stable while
 * the file is unchanged.
 *
 * A chunk's `sectionHeading` is the trail of the topic it sits under and its nearest title, joined by
 * ` › ` (`CME Term SOFR › Category 2 – Use in OTC Derivative Products`), or either alone when the
 * other is missing or holds it. Topics come from documents laid out as lists of products: the title
 * right under a running header (a line repeated at the top of most pages, which never names a
 * section itself), or a name over a dated line shaped like at least one other (`Effective January 1,
 * 2026`); a topic carries over to the following pages until the next. Documents without either
 * (agreements, DOCX, TXT) keep the nearest title.
 */
export function chunkSections(input: ChunkSectionsInput): Chunk[] {
  const { document, doc, source, docHash, maxTokens, minTokens } = input;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new ClausegateError('input_invalid', `chunking maxTokens must be a positive integer, got ${maxTokens}`, {
      hint: 'set chunking.maxTokens in .clausegate.json to a whole number (default 320)',
    });
  }
  if (!Number.isInteger(minTokens) || minTokens < 0 || minTokens > maxTokens) {
    throw new ClausegateError('input_invalid', `chunking minTokens must be a whole number from 0 to maxTokens (${maxTokens}), got ${minTokens}`, {
      hint: 'set chunking.minTokens in .clausegate.json below chunking.maxTokens (default 40)',
    });
  }
  if (!/^[0-9a-f]{16}/i.test(docHash)) {
    throw new ClausegateError('input_invalid', `docHash of ${doc} must be a hex sha256, got "${docHash}"`, {
      hint: 'pass the sha256 of the document bytes as docHash',
    });
  }

  const explicitHeadings = document.format === 'docx' && document.headings.length > 0 ? document.headings : undefined;
  const pageLines = document.pages.map((page) =>
    readLines(page.text, explicitHeadings?.filter((heading) => heading.page === page.page)),
  );
  markRunningLines(pageLines);
  const { topics, topicLines } = findTopics(document.pages, pageLines);
  const titles = collectTitles(document.pages, pageLines, topicLines);
  const pieces: { page: ExtractedPage; span: Span; lines: Line[]; counter: TokenCounter }[] = [];

  document.pages.forEach((page, pageIndex) => {
    const counter = createTokenCounter(page.text, maxTokens);
    const lines = pageLines[pageIndex]!;
    const sections = splitIntoSections(page.text, lines);
    const sectionPieces = sections.map((section) =>
      fitSpan(page.text, lines, section, 'blocks', counter, maxTokens),
    );
    for (const span of mergeSmallSections(sectionPieces, counter, minTokens, maxTokens)) {
      pieces.push({ page, span, lines: lines.filter((line) => line.start < span.end && line.end > span.start), counter });
    }
  });

  const chunkPrefix = docHash.slice(0, 16);
  return pieces.map(({ page, span, lines, counter }, ordinal) => {
    const text = page.text.slice(span.start, span.end);
    const title = nearestTitle(titles, { page: page.page, offset: span.start });
    const topic = topicOf(topics, page.page, span);
    const sectionHeading = composeHeading(topic, title);
    const detection = detectDefinitions(text);
    // The tail of a long definitions section may hold a single definition: its heading says what it is.
    const titleText = title ? title.text || title.runningText : '';
    const isDefinitions = detection.isDefinitions || (DEFINITIONS_HEADING.test(titleText) && detection.terms.length > 0);
    return {
      chunkId: `${chunkPrefix}-p${page.page}-${span.start}`,
      doc,
      source,
      docHash,
      ordinal,
      pageStart: page.page,
      pageEnd: page.page,
      sectionHeading,
      span,
      text,
      tokenCount: countChunk(counter, span, text),
      isDefinitions,
      kind: classifyKind(lines, isDefinitions),
    };
  });
}

function readLines(text: string, explicitHeadings: ExtractedDocument['headings'] | undefined): Line[] {
  const raw: { start: number; end: number; text: string }[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    const line = part.endsWith('\r') ? part.slice(0, -1) : part;
    raw.push({ start, end: start + line.length, text: line });
    start += part.length + 1;
  }
  const lines: Line[] = [];
  raw.forEach((entry, index) => {
    const isBlank = entry.text.trim() === '';
    const previous = lines[index - 1];
    const line: Line = { ...entry, isBlank, isTableRow: !isBlank && isTableRow(entry.text), opensParagraph: false };
    if (!isBlank) {
      if (explicitHeadings) {
        const heading = explicitHeadings.find((candidate) => candidate.offset >= entry.start && candidate.offset < entry.end);
        if (heading) {
          const text = heading.text.replace(/\s+/g, ' ').trim();
          line.heading = { text, isTitle: true, isNumbered: false, parts: [{ line, text }] };
        }
      } else {
        const heading = detectHeading(entry.text, {
          previousLine: previous?.text,
          nextLine: raw[index + 1]?.text,
          previousIsHeading: previous?.heading !== undefined,
        });
        const above = previous?.heading;
        if (heading && above?.isTitle && !heading.isNumbered) {
          // A title line right under a title: under a numbered one it is the clause's body (a table
          // header, a sub-title); under another it continues that title (`Category A3 – Trading on
          // Alternative` / `Venue`), unless that would make the title too long.
          const joined = `${above.text} ${heading.text}`;
          if (!above.isNumbered) {
            if (joined.split(' ').length <= MAX_JOINED_HEADING_WORDS) {
              above.text = joined;
              above.parts.push({ line, text: heading.text });
              line.joinedTo = above.parts[0]!.line;
            } else {
              line.heading = { ...heading, parts: [{ line, text: heading.text }] };
            }
          }
        } else if (heading) {
          line.heading = { ...heading, parts: [{ line, text: heading.text }] };
        }
      }
      line.opensParagraph =
        previous === undefined ||
        previous.isBlank ||
        LIST_ITEM_START.test(entry.text) ||
        DEFINITION_LINE_PATTERN.test(entry.text) ||
        (SENTENCE_END.test(previous.text.trim()) && NEW_SENTENCE_START.test(entry.text));
    }
    lines.push(line);
  });
  return lines;
}

function firstVisible(text: string, line: Line): number {
  const offset = text.slice(line.start, line.end).search(/\S/);
  return line.start + Math.max(offset, 0);
}

/** Trims a range to its first and last non-whitespace characters; undefined when nothing is left. */
function trimSpan(text: string, start: number, end: number): Span | undefined {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  return from < to ? { start: from, end: to } : undefined;
}

function splitIntoSections(text: string, lines: Line[]): Span[] {
  const starts = [0];
  lines.forEach((line, index) => {
    if (index > 0 && line.heading) starts.push(line.start);
  });
  const spans: Span[] = [];
  starts.forEach((start, index) => {
    const span = trimSpan(text, start, starts[index + 1] ?? text.length);
    if (span) spans.push(span);
  });
  return spans;
}

interface TokenCounter {
  count(span: Span): number;
}

/**
 * Counts the tokens of spans of `text`, each span once. A span of more than `maxTokens ×
 * MAX_TOKEN_BYTES` characters certainly holds more than `maxTokens` tokens and is not counted (it
 * counts as infinite), and the part of a span inside a long run of the page (`findLongRuns`: more
 * than 400 characters without whitespace) counts as its UTF-8 bytes even when the span holds only a
 * slice of the run, as `countTokens` counts a whole run: byte-pair merging such a run is cubic in
 * its length. Both keep chunking linear in the page's length; text without long runs is counted
 * exactly as before.
 */
function createTokenCounter(text: string, maxTokens: number): TokenCounter {
  const cache = new Map<number, number>();
  const certainlyOver = maxTokens * MAX_TOKEN_BYTES;
  const runs = findLongRuns(text);
  const countSlice = (start: number, end: number): number => {
    let tokens = 0;
    let from = start;
    for (let index = firstRunEndingAfter(runs, start); index < runs.length && runs[index]!.start < end; index += 1) {
      const run = runs[index]!;
      if (run.start > from) tokens += countTokens(text.slice(from, run.start));
      const inside = { start: Math.max(from, run.start), end: Math.min(end, run.end) };
      tokens += Buffer.byteLength(text.slice(inside.start, inside.end), 'utf8');
      from = inside.end;
    }
    if (from < end) tokens += countTokens(text.slice(from, end));
    return tokens;
  };
  return {
    count(span) {
      if (span.end - span.start > certainlyOver) return Number.POSITIVE_INFINITY;
      // Offsets fit in 26 bits (a page of 64 M characters), so one number keys a span.
      const key = span.start * 67_108_864 + span.end;
      let tokens = cache.get(key);
      if (tokens === undefined) {
        tokens = runs.length === 0 ? countTokens(text.slice(span.start, span.end)) : countSlice(span.start, span.end);
        cache.set(key, tokens);
      }
      return tokens;
    },
  };
}

/** A chunk's token count; a span too long to count cheaply (an undividable table row) is counted in full. */
function countChunk(counter: TokenCounter, span: Span, text: string): number {
  const tokens = counter.count(span);
  return Number.isFinite(tokens) ? tokens : countTokens(text);
}

/** The index of the first run that ends after `offset` (binary search; runs are in order). */
function firstRunEndingAfter(runs: readonly Span[], offset: number): number {
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (runs[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Divides `span` until every piece fits in `maxTokens` (or cannot be divided), then packs the pieces back greedily. */
function fitSpan(text: string, lines: Line[], span: Span, level: SplitLevel, counter: TokenCounter, maxTokens: number): Span[] {
  // A UTF-16 code unit is at most 3 UTF-8 bytes and a token at least 1: short spans fit uncounted.
  if (3 * (span.end - span.start) <= maxTokens || counter.count(span) <= maxTokens) return [span];
  const parts = level === 'characters' ? divideIntoSlices(text, span, Math.max(1, Math.floor(maxTokens / 4))) : divide(text, lines, span, level);
  const next = NEXT_LEVEL[level];
  if (parts.length <= 1) return next === undefined || parts.length === 0 ? [span] : fitSpan(text, lines, span, next, counter, maxTokens);
  const fitted = next === undefined ? parts : parts.flatMap((part) => fitSpan(text, lines, part, next, counter, maxTokens));
  return packGreedily(fitted, counter, maxTokens);
}

/**
 * Packs consecutive spans into as few pieces of at most `maxTokens` as greedy left-to-right packing
 * gives. Each piece's end is found by galloping then bisecting over the span count (a token count
 * grows with the text appended), so a piece of k spans costs O(log k) counts instead of k: packing
 * the words of a long page stays linear in its length.
 */
function packGreedily(spans: Span[], counter: TokenCounter, maxTokens: number): Span[] {
  const packed: Span[] = [];
  const fits = (first: number, last: number) => counter.count({ start: spans[first]!.start, end: spans[last]!.end }) <= maxTokens;
  let first = 0;
  while (first < spans.length) {
    // `last` always fits (a lone span is kept whole even when it does not); `bound` never does.
    let last = first;
    let step = 1;
    let bound = spans.length;
    while (last + step < spans.length) {
      if (!fits(first, last + step)) {
        bound = last + step;
        break;
      }
      last += step;
      step *= 2;
    }
    while (bound - last > 1) {
      const middle = (last + bound) >> 1;
      if (fits(first, middle)) last = middle;
      else bound = middle;
    }
    packed.push({ start: spans[first]!.start, end: spans[last]!.end });
    first = last + 1;
  }
  return packed;
}

/** Cuts `span` into slices of `size` characters (a character is at most 4 UTF-8 bytes, a token at least 1), never inside a surrogate pair. */
function divideIntoSlices(text: string, span: Span, size: number): Span[] {
  const slices: Span[] = [];
  for (let start = span.start; start < span.end; ) {
    let end = Math.min(span.end, start + size);
    if (end < span.end && /[\uDC00-\uDFFF]/.test(text[end]!)) end += 1;
    slices.push({ start, end });
    start = end;
  }
  return slices;
}

function linesIn(lines: Line[], span: Span): Line[] {
  return lines.filter((line) => !line.isBlank && line.end > span.start && line.start < span.end);
}

function divide(text: string, lines: Line[], span: Span, level: SplitLevel): Span[] {
  const inside = linesIn(lines, span);
  switch (level) {
    case 'blocks':
      return divideIntoBlocks(text, lines, span, inside);
    case 'lines':
      return inside.flatMap((line) => trimSpan(text, Math.max(line.start, span.start), Math.min(line.end, span.end)) ?? []);
    case 'sentences':
      return isTableSpan(inside) ? [] : divideAt(text, span, SENTENCE_BOUNDARY, true);
    case 'words':
      return isTableSpan(inside) ? [] : divideAt(text, span, /\s+/g, false);
    case 'characters':
      return [];
  }
}

function isTableSpan(inside: Line[]): boolean {
  return inside.length === 1 && inside[0]!.isTableRow;
}

// Blocks: table blocks (consecutive rows, blank lines between rows included) and paragraphs (a
// paragraph ends at a blank line, a table row, or a line that opens a paragraph). The one or two
// label lines right above a group of rows (`Level 3 Internal Use – (Device & Non-Display)`) open
// that group's block, so packing never leaves a label at the end of one chunk and its rows, which
// it prices, at the start of the next.
function divideIntoBlocks(text: string, lines: Line[], span: Span, inside: Line[]): Span[] {
  const blocks: Span[] = [];
  let blockStart: Line | undefined;
  let blockEnd: Line | undefined;
  // Short lines without final punctuation at the end of the open prose block: a label if rows follow.
  let labels: Line[] = [];
  const close = (end: Line | undefined = blockEnd) => {
    if (blockStart && end) {
      const block = trimSpan(text, Math.max(blockStart.start, span.start), Math.min(end.end, span.end));
      if (block) blocks.push(block);
    }
    blockStart = undefined;
    blockEnd = undefined;
  };
  for (const line of inside) {
    const previous = blockEnd;
    const continues =
      previous !== undefined &&
      (line.isTableRow
        ? previous.isTableRow
        : !previous.isTableRow && !line.opensParagraph && !hasBlankBetween(lines, previous, line));
    if (!continues) {
      const open = blockStart;
      const label = line.isTableRow && previous !== undefined && !previous.isTableRow && open ? labels.slice(-2).filter((entry) => entry.start >= open.start) : [];
      const first = label[0];
      if (first !== undefined && !hasBlankBetween(lines, label.at(-1)!, line)) {
        const before = inside[inside.indexOf(first) - 1];
        if (blockStart !== undefined && blockStart !== first && before !== undefined) close(before);
        blockStart = first;
      } else {
        close();
      }
    }
    labels = !line.isTableRow && isLabelLine(line.text) ? [...labels, line] : [];
    blockStart ??= line;
    blockEnd = line;
  }
  close();
  return blocks;
}

/** A line that can label the table rows under it: short, and without final punctuation. */
function isLabelLine(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= 80 && !/[.,;:!?]$/.test(trimmed);
}

function hasBlankBetween(lines: Line[], first: Line, second: Line): boolean {
  return lines.some((line) => line.isBlank && line.start > first.end && line.end < second.start);
}

/** Cuts a span at every match of `boundary` (a global pattern matching whitespace only). */
function divideAt(text: string, span: Span, boundary: RegExp, skipAbbreviations: boolean): Span[] {
  const slice = text.slice(span.start, span.end);
  const parts: Span[] = [];
  let from = 0;
  for (const match of slice.matchAll(boundary)) {
    const at = match.index;
    if (skipAbbreviations && ABBREVIATION_BEFORE.test(slice.slice(Math.max(0, at - 8), at))) continue;
    const part = trimSpan(text, span.start + from, span.start + at);
    if (part) parts.push(part);
    from = at + match[0].length;
  }
  const last = trimSpan(text, span.start + from, span.end);
  if (last) parts.push(last);
  return parts;
}

function mergeSmallSections(sections: Span[][], counter: TokenCounter, minTokens: number, maxTokens: number): Span[] {
  const result: Span[] = [];
  let waiting: Span | undefined;
  for (const section of sections) {
    const pieces = [...section];
    const first = pieces[0];
    if (first === undefined) continue;
    if (waiting) {
      const joined = { start: waiting.start, end: first.end };
      if (counter.count(joined) <= maxTokens) pieces[0] = joined;
      else result.push(waiting);
      waiting = undefined;
    }
    const only = pieces.length === 1 ? pieces[0]! : undefined;
    if (only && counter.count(only) < minTokens) {
      waiting = only;
      continue;
    }
    result.push(...pieces);
  }
  if (waiting) {
    const last = result.at(-1);
    const joined = last ? { start: last.start, end: waiting.end } : undefined;
    if (last && joined && counter.count(joined) <= maxTokens) result[result.length - 1] = joined;
    else result.push(waiting);
  }
  return result;
}

function isBefore(first: Position, second: Position): boolean {
  return first.page < second.page || (first.page === second.page && first.offset < second.offset);
}

/** The last of `positions` (in document order) at or before `at`. */
function lastAtOrBefore<T extends Position>(positions: T[], at: Position): T | undefined {
  let found: T | undefined;
  for (const position of positions) {
    if (isBefore(at, position)) break;
    found = position;
  }
  return found;
}

function nearestTitle(titles: TitleHeading[], at: Position): TitleHeading | undefined {
  return lastAtOrBefore(titles, at);
}

/**
 * The topic a chunk is about: of the topic in effect where it starts and those starting inside it,
 * the one that holds most of its text (a chunk that opens with the last note of one product and
 * holds the next product's title and table is about the next product).
 */
function topicOf(topics: Topic[], page: number, span: Span): Topic | undefined {
  const inside = topics.filter((topic) => topic.page === page && topic.offset > span.start && topic.offset < span.end);
  let best = lastAtOrBefore(topics, { page, offset: span.start });
  let bestLength = (inside[0]?.offset ?? span.end) - span.start;
  inside.forEach((topic, index) => {
    const length = (inside[index + 1]?.offset ?? span.end) - topic.offset;
    if (length > bestLength) {
      best = topic;
      bestLength = length;
    }
  });
  return best;
}

function markRunningLines(pageLines: Line[][]): void {
  const visible = pageLines.map((lines) => lines.filter((line) => !line.isBlank));
  findRunningLines(visible.map((lines) => lines.map((line) => line.text))).forEach(({ header, footer }, pageIndex) => {
    const lines = visible[pageIndex]!;
    lines.slice(0, header).forEach((line) => (line.running = 'header'));
    lines.slice(lines.length - footer).forEach((line) => (line.running = 'footer'));
  });
}

/**
 * The titles that name sections, in document order, without their running lines. A title made only
 * of a running header stays as a marker with empty text, so that a page's header still ends the
 * section of the page before, as it did when it was named; one made only of a footer names nothing.
 */
function collectTitles(pages: ExtractedPage[], pageLines: Line[][], topicLines: Set<Line>): TitleHeading[] {
  const titles: TitleHeading[] = [];
  pages.forEach((page, pageIndex) => {
    for (const line of pageLines[pageIndex]!) {
      const heading = line.heading;
      if (!heading?.isTitle) continue;
      const text = withoutRunningLines(heading.parts);
      const isHeader = heading.parts.some((part) => part.line.running === 'header');
      if (text === '' && !isHeader) continue;
      const isTopic = text !== '' && heading.parts.every((part) => part.line.running !== undefined || topicLines.has(part.line));
      titles.push({ page: page.page, offset: firstVisible(page.text, line), text, runningText: text === '' ? heading.text : '', isTopic });
    }
  });
  return titles;
}

function withoutRunningLines(parts: TitlePart[]): string {
  return parts
    .filter((part) => part.line.running === undefined)
    .map((part) => part.text)
    .join(' ');
}

/**
 * The topics of a document, in order, and the lines that name them. A page under a running header
 * takes the title right below the header as its topic (`CME Term SOFR` under `CME Group Benchmark
 * Fee List`). A line anywhere is a topic too when it leads like the document's products do: a short
 * name followed by a short dated title line, where at least two such pairs open their date line with
 * the same word (`Effective January 1, 2026`), so a second product on a page, or a product in a list
 * without a running header, starts its own topic. A topic holds until the next one, across pages.
 */
function findTopics(pages: ExtractedPage[], pageLines: Line[][]): { topics: Topic[]; topicLines: Set<Line> } {
  const contents = pageLines.map((lines) => lines.filter((line) => !line.isBlank && line.running === undefined));
  const leadsByFollower = new Map<string, number>();
  for (const lines of contents) {
    lines.forEach((line, index) => {
      const word = lines[index + 1] === undefined ? undefined : dateLineWord(lines[index + 1]!.text);
      if (word !== undefined && readsAsTopic(line.text)) leadsByFollower.set(word, (leadsByFollower.get(word) ?? 0) + 1);
    });
  }
  const leadFollowers = new Set([...leadsByFollower].filter(([, count]) => count >= 2).map(([word]) => word));

  const topics: Topic[] = [];
  const topicLines = new Set<Line>();
  pages.forEach((page, pageIndex) => {
    const lines = contents[pageIndex]!;
    const isFramed = pageLines[pageIndex]!.some((line) => line.running === 'header');
    lines.forEach((line, index) => {
      const follower = lines[index + 1] === undefined ? undefined : dateLineWord(lines[index + 1]!.text);
      const isLead = follower !== undefined && leadFollowers.has(follower) && readsAsTopic(line.text);
      const owner = line.joinedTo ?? line;
      const isTitleUnderHeader = index === 0 && isFramed && owner.heading?.isTitle === true && !owner.heading.isNumbered;
      if (!isLead && !isTitleUnderHeader) return;
      // A title under the header may run over two lines; a lead line is the whole name (the date below it is not).
      const text = isLead ? collapseWhitespace(line.text).replace(/\s*:$/, '') : withoutRunningLines(owner.heading!.parts);
      if (text === '') return;
      topics.push({ page: page.page, offset: index === 0 && isFramed ? 0 : firstVisible(page.text, line), text });
      if (isLead) [line, lines[index + 1]!].forEach((part) => topicLines.add(part));
      else owner.heading!.parts.forEach((part) => topicLines.add(part.line));
    });
  });
  return { topics, topicLines };
}

/** A line that can name a topic: short, not a clause, a list item, a table row or a sentence. */
function readsAsTopic(text: string): boolean {
  const name = collapseWhitespace(text).replace(/\s*:$/, '');
  return (
    /^[A-Z0-9"“(]/.test(name) &&
    name.split(' ').length <= MAX_JOINED_HEADING_WORDS &&
    !/[.,;!?]$/.test(name) &&
    !SENTENCE_INSIDE.test(name) &&
    !CLAUSE_NUMBER_START.test(name) &&
    !LIST_ITEM_START.test(name) &&
    !isTableRow(text)
  );
}

/** The first word, lowercased, of a short title line that holds a year (`effective` for `Effective – April 1, 2025`). */
function dateLineWord(text: string): string | undefined {
  if (!YEAR.test(text)) return undefined;
  const heading = detectHeading(text, { previousIsHeading: true });
  if (!heading?.isTitle || heading.isNumbered) return undefined;
  const word = heading.text.split(' ')[0]!.toLowerCase().replace(/[^\p{L}]/gu, '');
  return word === '' ? undefined : word;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A chunk's heading: its topic, then the nearest title above it when that title falls under the
 * topic and adds to it (`CME Term SOFR › Category 2 – Use in OTC Derivative Products`). Without a
 * topic it is the nearest title, as a running header when that is all there is.
 */
function composeHeading(topic: Topic | undefined, title: TitleHeading | undefined): string {
  if (topic === undefined) return title ? title.text || title.runningText : '';
  const subHeading = title !== undefined && !title.isTopic && !isBefore(title, topic) ? title.text : '';
  const topicKey = topic.text.toLowerCase();
  const subHeadingKey = subHeading.toLowerCase();
  if (subHeading === '' || topicKey.includes(subHeadingKey)) return topic.text;
  if (subHeadingKey.includes(topicKey)) return subHeading;
  return `${topic.text}${HEADING_TRAIL_SEPARATOR}${subHeading}`;
}

function classifyKind(lines: Line[], isDefinitions: boolean): Chunk['kind'] {
  const visible = lines.filter((line) => !line.isBlank);
  const rows = visible.filter((line) => line.isTableRow).length;
  if (visible.length > 0 && rows * 2 >= visible.length) return 'table';
  return isDefinitions ? 'definitions' : 'prose';
}
