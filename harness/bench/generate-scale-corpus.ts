// The scale benchmark's corpus: `scale × 34` distinct synthetic licensing documents (34 is the CME
// corpus's file count), every eighth one as plain text and the rest as PDFs, written once per seed
// and scale into a gitignored cache folder and reused while its marker file is there.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { composeLicensingDocument, type DocumentBlock } from './compose-licensing-document.ts';
import { LINES_PER_PAGE, writePlainPdf, type PdfPage } from './write-plain-pdf.ts';

/** Documents per 1× of the scale corpus: the file count of the CME corpus. */
export const DOCUMENTS_PER_SCALE = 34;
const CHARACTERS_PER_LINE = 92;
const TABLE_COLUMNS = [72, 262, 392, 482];

/** Where a generated corpus is and the questions it answers. */
export interface ScaleCorpus {
  root: string;
  documents: number;
  questions: string[];
}

/** Writes (or finds already written) the corpus of `scale` × 34 documents for `seed` under `cacheDir`. */
export async function generateScaleCorpus(cacheDir: string, seed: number, scale: number): Promise<ScaleCorpus> {
  const base = path.join(cacheDir, `seed-${seed}`);
  const root = path.join(base, `x${scale}`);
  const marker = path.join(base, `x${scale}.complete.json`);
  const documents = scale * DOCUMENTS_PER_SCALE;
  const questions: string[] = [];
  const complete = existsSync(marker);
  if (!complete) {
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
  }
  for (let index = 0; index < documents; index += 1) {
    const document = composeLicensingDocument(seed, index);
    questions.push(...document.questions);
    if (complete) continue;
    // A hundred files per folder, as a real document store would be split.
    const folder = path.join(root, `part-${String(Math.floor(index / 100)).padStart(3, '0')}`);
    if (index % 100 === 0) await mkdir(folder, { recursive: true });
    if (index % 8 === 7) {
      await writeFile(path.join(folder, `${document.fileStem}.txt`), renderText(document.blocks));
    } else {
      await writeFile(path.join(folder, `${document.fileStem}.pdf`), writePlainPdf(layOutPages(document.blocks, document.title), document.title));
    }
  }
  if (!complete) await writeFile(marker, `${JSON.stringify({ seed, scale, documents })}\n`);
  return { root, documents, questions };
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

type Line = PdfPage['lines'][number];

function layOutPages(blocks: readonly DocumentBlock[], title: string): PdfPage[] {
  const lines: Line[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      lines.push({ cells: [] }, { cells: [{ x: 72, text: block.text }], bold: true, size: 11 });
    } else if (block.kind === 'paragraph') {
      lines.push({ cells: [] }, ...wrap(block.text, CHARACTERS_PER_LINE).map((text) => ({ cells: [{ x: 72, text }] })));
    } else {
      lines.push({ cells: [] }, { cells: block.header.map((text, column) => ({ x: TABLE_COLUMNS[column]!, text })), bold: true });
      for (const row of block.rows) lines.push({ cells: row.map((text, column) => ({ x: TABLE_COLUMNS[column]!, text })) });
    }
  }
  const body = LINES_PER_PAGE - 2;
  const pageCount = Math.ceil(lines.length / body);
  return Array.from({ length: pageCount }, (_, page) => ({
    lines: [
      ...lines.slice(page * body, (page + 1) * body),
      ...Array.from({ length: body - Math.min(body, lines.length - page * body) }, () => ({ cells: [] })),
      { cells: [] },
      { cells: [{ x: 72, text: `${title} - Page ${page + 1} of ${pageCount}` }], size: 8 },
    ],
  }));
}

function renderText(blocks: readonly DocumentBlock[]): string {
  const parts = blocks.map((block) => {
    if (block.kind === 'heading') return block.text;
    if (block.kind === 'paragraph') return wrap(block.text, CHARACTERS_PER_LINE).join('\n');
    return [block.header, ...block.rows].map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(column === 0 ? 38 : 26) : cell)).join('')).join('\n');
  });
  return `${parts.join('\n\n')}\n`;
}
