/**
 * Builds image-only PDFs for the OCR tests: a PDF with a text layer is rendered by poppler's
 * `pdftoppm` and each page is wrapped, as a grayscale image and nothing else, in a new PDF (what a
 * scanner gives). Test support only; needs `pdftoppm` on PATH.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { buildTestPdf, streamObject } from './build-test-pdf.ts';

/** A page of text set in Helvetica: `lines` of cells, each cell `[x, text]`, top to bottom from `top`, `leading` apart. */
export function textPage(lines: readonly (readonly [number, string])[][], options: { width?: number; height?: number; size?: number; leading?: number } = {}): { width: number; height: number; content: string } {
  const width = options.width ?? 612;
  const height = options.height ?? 360;
  const size = options.size ?? 12;
  const leading = options.leading ?? 22;
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = lines
    .flatMap((cells, row) => cells.map(([x, text]) => `BT /F1 ${size} Tf ${x} ${height - 48 - row * leading} Td (${escape(text)}) Tj ET`))
    .join('\n');
  return { width, height, content };
}

/** A PDF of `pages`, each either a text page (`textPage`) or the image of one (`image: true`, rendered at `dpi`). */
export function buildMixedPdf(pages: readonly { page: ReturnType<typeof textPage>; image: boolean }[], dpi = 200): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const { page, image } of pages) {
    const pageNumber = objects.length + 1;
    kids.push(pageNumber);
    if (!image) {
      objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents ${pageNumber + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
      objects.push(streamObject(page.content));
      continue;
    }
    const { width, height, pixels } = renderGray(page, dpi);
    const data = deflateSync(pixels).toString('hex');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents ${pageNumber + 1} 0 R /Resources << /XObject << /Im1 ${pageNumber + 2} 0 R >> >> >>`);
    objects.push(streamObject(`q ${page.width} 0 0 ${page.height} 0 0 cm /Im1 Do Q`));
    objects.push(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter [/ASCIIHexDecode /FlateDecode] /Length ${data.length + 1} >>\nstream\n${data}>\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return buildTestPdf(objects);
}

/** Renders a one-page text PDF of `page` to 8-bit gray pixels with pdftoppm. */
function renderGray(page: ReturnType<typeof textPage>, dpi: number): { width: number; height: number; pixels: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'clausegate-image-pdf-'));
  try {
    const source = path.join(folder, 'text.pdf');
    writeFileSync(source, buildMixedPdf([{ page, image: false }]));
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', source, path.join(folder, 'page')]);
    const pgm = readFileSync(path.join(folder, 'page.pgm'));
    // P5 <width> <height> <maxval> then one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (header === null) throw new Error('pdftoppm did not write a binary PGM');
    const [whole, width, height] = header;
    return { width: Number(width), height: Number(height), pixels: pgm.subarray(whole.length) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
