/**
 * Turns tesseract's TSV output into positioned text runs, so that recognised pages go through the
 * same line rebuild (`rebuildLines`) as text layers. Private to the extract folder.
 */
import type { PlacedText } from './rebuild-lines.ts';

/**
 * Words tesseract is less sure of than this (0–100) are dropped: on the CME pages they are the
 * fragments of logos and rules (`<3` at 1.4 beside `CME Group` at 95), never a word of the text.
 */
export const MINIMUM_WORD_CONFIDENCE = 10;

/** The words of one recognised page, in PDF points with y growing upwards, as `rebuildLines` takes them. */
export interface RecognisedWords {
  words: PlacedText[];
  /** Words dropped under `MINIMUM_WORD_CONFIDENCE`. */
  doubtfulWords: number;
}

const POINTS_PER_INCH = 72;

/**
 * Reads the TSV tesseract writes (`level page_num block_num par_num line_num word_num left top
 * width height conf text`, pixels from the top left) for an image rendered at `dpi`. Each word
 * becomes a run on its line's baseline (the bottom of the line box) with the line's height as its
 * font size, so that all words of a tesseract line stay on one line, and cells of one table row that
 * tesseract put in separate blocks meet again on it. Throws on output that is not tesseract's TSV.
 */
export function readTesseractTsv(tsv: string, dpi: number): RecognisedWords {
  const rows = tsv.split('\n').filter((row) => row.trim() !== '');
  const header = rows.shift();
  if (header === undefined || !header.startsWith('level\tpage_num\tblock_num')) {
    throw new Error(`not tesseract TSV output (first line: ${JSON.stringify((header ?? '').slice(0, 60))})`);
  }
  const scale = POINTS_PER_INCH / dpi;
  let pageHeight = 0;
  const lines = new Map<string, { bottom: number; height: number }>();
  const words: PlacedText[] = [];
  let doubtfulWords = 0;
  for (const row of rows) {
    const cells = row.split('\t');
    if (cells.length < 11) continue;
    const [level, page, block, paragraph, line, , left, top, width, height, confidence] = cells.slice(0, 11).map(Number) as number[];
    const text = cells.slice(11).join('\t');
    const lineKey = `${page}:${block}:${paragraph}:${line}`;
    if (level === 1) pageHeight = top! + height!;
    if (level === 4) lines.set(lineKey, { bottom: top! + height!, height: height! });
    if (level !== 5 || text.trim() === '') continue;
    if (confidence! < MINIMUM_WORD_CONFIDENCE) {
      doubtfulWords += 1;
      continue;
    }
    const box = lines.get(lineKey) ?? { bottom: top! + height!, height: height! };
    const fontSize = box.height * scale;
    words.push({
      text: text.trim(),
      transform: [fontSize, 0, 0, fontSize, left! * scale, (pageHeight - box.bottom) * scale],
      width: width! * scale,
    });
  }
  return { words, doubtfulWords };
}
