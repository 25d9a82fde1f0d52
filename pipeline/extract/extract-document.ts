import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExtractionOutcome } from '../types.ts';
import { extractDocx } from './extract-docx.ts';
import { extractPdf, type ExtractPdfOptions } from './extract-pdf.ts';
import { extractText } from './extract-text.ts';

/** The file extensions `extractDocument` reads, lowercase. */
export const SUPPORTED_EXTENSIONS = ['.pdf', '.docx', '.txt'] as const;

/**
 * Reads one file and extracts it by its extension (`.pdf`, `.docx`, `.txt`, in any case). Any
 * other extension gives `unsupported` without reading the file; a file that cannot be read gives
 * `corrupt` with the operating system's error. Never throws for a bad file. `options.ocr` recognises
 * PDF pages without a usable text layer (see `extractPdf`); without it they are reported.
 */
export async function extractDocument(filePath: string, options: ExtractPdfOptions = {}): Promise<ExtractionOutcome> {
  const extension = path.extname(filePath).toLowerCase();
  if (!isSupported(extension)) {
    const named = extension === '' ? 'a file without an extension' : `${extension} files`;
    return {
      status: 'skipped',
      reason: 'unsupported',
      message: `${named} cannot be extracted (supported: ${SUPPORTED_EXTENSIONS.join(', ')}); convert the file to PDF, DOCX or UTF-8 text, or remove it from the source`,
    };
  }

  let bytes: Uint8Array;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'skipped', reason: 'corrupt', message: `the file cannot be read (${reason}); check that it exists and is readable` };
  }

  switch (extension) {
    case '.pdf':
      return extractPdf(bytes, options);
    case '.docx':
      return extractDocx(bytes);
    case '.txt':
      return extractText(bytes);
  }
}

function isSupported(extension: string): extension is (typeof SUPPORTED_EXTENSIONS)[number] {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extension);
}
