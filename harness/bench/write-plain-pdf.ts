import { buildTestPdf, streamObject } from '../../pipeline/extract/build-test-pdf.ts';

/**
 * A small PDF writer for the scale benchmark's synthetic documents: US Letter pages of positioned
 * text lines in Helvetica (a standard font, not embedded), each line made of cells at given x
 * positions, so that table rows come out as columns. ASCII only; enough for pdfjs and pdftotext.
 */

/** One cell of a line: text starting at `x` points from the left edge. */
export interface PdfCell {
  x: number;
  text: string;
}

/** One page: its lines from the top, each a list of cells; `bold` lines use Helvetica-Bold. */
export interface PdfPage {
  lines: { cells: PdfCell[]; bold?: boolean; size?: number }[];
}

const PAGE_HEIGHT = 792;
const TOP = 740;

/** Lines that fit on one page at the writer's leading (13 pt between a 740 pt top and a 60 pt bottom). */
export const LINES_PER_PAGE = 52;
const LEADING = 13;

/** Builds the bytes of a PDF holding `pages` (at most `LINES_PER_PAGE` lines each). */
export function writePlainPdf(pages: readonly PdfPage[], title: string): Uint8Array {
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info; then per page: page object, content stream.
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objects.push(`<< /Title (${escapePdfText(title)}) /Producer (clausegate scale benchmark) >>`);
  pages.forEach((page, index) => {
    const contentId = pageIds[index]! + 1;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 ${PAGE_HEIGHT}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`);
    const operations: string[] = ['BT'];
    page.lines.forEach((line, row) => {
      const y = TOP - row * LEADING;
      operations.push(`/${line.bold ? 'F2' : 'F1'} ${line.size ?? 10} Tf`);
      for (const cell of line.cells) operations.push(`1 0 0 1 ${cell.x} ${y} Tm (${escapePdfText(cell.text)}) Tj`);
    });
    operations.push('ET');
    const content = operations.join('\n');
    objects.push(streamObject(content));
  });

  return buildTestPdf(objects, '/Info 5 0 R ');
}

function escapePdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, ' ').replace(/[\\()]/g, (character) => `\\${character}`);
}
