import mammoth from 'mammoth';
import type { ExtractedHeading, ExtractionOutcome } from '../types.ts';

/** Word's built-in title styles, which mammoth leaves as plain paragraphs, read as headings. */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];
/** An OLE compound file: a legacy `.doc`, or an OOXML file encrypted with a password. */
const COMPOUND_FILE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Extracts a Word (.docx) document into a single page 1, one line per block: headings h1–h6 (also
 * listed in `headings` with their offset and level; Word's Title and Subtitle styles count as h1
 * and h2), paragraphs, list items, and table rows with their cells joined by ` | ` (empty cells
 * included, so values keep their column). Footnote reference marks are dropped. Gives `empty` for
 * no bytes, `encrypted` for a password-protected file, `corrupt` for a damaged or non-DOCX file,
 * and `no_text_layer` for a document without text.
 */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractionOutcome> {
  if (bytes.length === 0) return { status: 'skipped', reason: 'empty', message: 'the file is empty (0 bytes); save the document again' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (COMPOUND_FILE_SIGNATURE.every((byte, index) => buffer[index] === byte)) {
    return buffer.includes(ENCRYPTED_PACKAGE)
      ? { status: 'skipped', reason: 'encrypted', message: 'the document is password-protected; provide a copy without a password' }
      : { status: 'skipped', reason: 'corrupt', message: 'the file is a legacy Word .doc, not a .docx; open it in Word and save it as .docx' };
  }

  let html: string;
  const warnings: string[] = [];
  try {
    const result = await mammoth.convertToHtml(
      { buffer },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        // Images carry no text: skip reading and base64-encoding them.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    html = result.value;
    for (const message of result.messages) {
      if (message.type === 'error') warnings.push(`part of the document could not be read: ${message.message}`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      status: 'skipped',
      reason: 'corrupt',
      message: `the file is not a readable .docx (${reason}); open it in Word and save it again as .docx`,
    };
  }

  const { text, headings } = convertHtmlToText(html);
  if (text.trim() === '') {
    return {
      status: 'skipped',
      reason: 'no_text_layer',
      message: 'the document holds no text (images or drawings only?); provide a version with the text',
    };
  }
  return { status: 'extracted', document: { format: 'docx', pages: [{ page: 1, text }], headings, warnings } };
}

interface Cell {
  parts: string[];
}

interface Row {
  cells: Cell[];
}

/**
 * Turns mammoth's HTML (a small, regular vocabulary: p, h1–h6, ul/ol/li, table/tr/td/th, br, a,
 * strong, em, sup, sub, img) into lines. Inside a table cell, paragraphs join with a space so that
 * each row stays one line.
 */
function convertHtmlToText(html: string): { text: string; headings: ExtractedHeading[] } {
  const lines: string[] = [];
  const headings: ExtractedHeading[] = [];
  let offset = 0;
  let inline = '';
  let headingLevel: number | undefined;
  const rows: Row[] = [];
  let skipDepth = 0;

  const pushLine = (raw: string, level?: number): void => {
    const line = collapse(raw);
    if (line === '') return;
    if (level !== undefined) headings.push({ page: 1, offset, level, text: line });
    lines.push(line);
    offset += line.length + 1;
  };
  const flushInline = (): void => {
    const currentRow = rows.at(-1);
    const cell = currentRow?.cells.at(-1);
    if (cell !== undefined) {
      if (collapse(inline) !== '') cell.parts.push(collapse(inline));
    } else {
      pushLine(inline, headingLevel);
    }
    inline = '';
  };

  for (const token of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/gu)) {
    const [, closing, rawName, attributes = '', textPart] = token;
    if (textPart !== undefined) {
      if (skipDepth === 0) inline += decodeEntities(textPart);
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const isClosing = closing === '/';
    const selfClosing = attributes.trimEnd().endsWith('/');
    if (name === 'a') {
      // Footnote and endnote references (`[1]`) and their back-links (`↑`) are marks, not text.
      if (!isClosing && /id="(?:foot|end)note-ref-|href="#(?:foot|end)note-ref-/u.test(attributes)) skipDepth += 1;
      else if (isClosing && skipDepth > 0) skipDepth -= 1;
      continue;
    }
    if (skipDepth > 0) continue;
    switch (name) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        flushInline();
        headingLevel = isClosing ? undefined : Number(name.slice(1));
        break;
      case 'p':
      case 'li':
      case 'ul':
      case 'ol':
        flushInline();
        break;
      case 'br':
        if (rows.length > 0) inline += ' ';
        else flushInline();
        break;
      case 'table':
        flushInline();
        break;
      case 'tr':
        flushInline();
        if (!isClosing && !selfClosing) rows.push({ cells: [] });
        else if (isClosing) {
          const cells = rows.pop()?.cells.map((cell) => cell.parts.join(' ')) ?? [];
          // Empty cells keep their place, so that values stay under their column; a row of only
          // empty cells (spacing) gives no line.
          const line = cells.some((cell) => cell !== '') ? collapse(cells.join(' | ')) : '';
          const outer = rows.at(-1)?.cells.at(-1);
          // A table nested in a cell stays inside that cell.
          if (outer !== undefined) {
            if (line !== '') outer.parts.push(line);
          } else pushLine(line);
        }
        break;
      case 'td':
      case 'th':
        flushInline();
        if (!isClosing) rows.at(-1)?.cells.push({ parts: [] });
        break;
      default:
        break;
    }
  }
  flushInline();
  return { text: lines.join('\n'), headings };
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/gu, (entity, body: string) => {
    if (!body.startsWith('#')) return NAMED_ENTITIES[body] ?? entity;
    const codePoint = /^#[xX]/u.test(body) ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}
