import { buildStoredZip } from '../../pipeline/extract/build-test-docx.ts';

/** 2026-01-01 as a DOS date, fixed so the generated files are byte-identical on every run. */
const GENERATED_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** A block of a DOCX body: a heading, a paragraph or a table (first row is the header). */
export type DocxBlock =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: string[][] };

/**
 * Writes a minimal Word document (OOXML in a stored ZIP) with real heading styles and tables, so that
 * mammoth reads headings as headings. Deterministic: fixed timestamps, fixed file order.
 */
export function writeDocx(blocks: DocxBlock[]): Uint8Array {
  const body = blocks.map(renderBlock).join('');
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ],
    [
      'word/styles.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ],
  ];
  return buildStoredZip(Object.fromEntries(files), GENERATED_DATE);
}

function renderBlock(block: DocxBlock): string {
  if (block.kind === 'heading') return `<w:p><w:pPr><w:pStyle w:val="Heading${block.level}"/></w:pPr>${run(block.text)}</w:p>`;
  if (block.kind === 'paragraph') return `<w:p>${run(block.text)}</w:p>`;
  const rows = block.rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p>${run(cell)}</w:p></w:tc>`).join('')}</w:tr>`).join('');
  return `<w:tbl>${rows}</w:tbl>`;
}

function run(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<w:r><w:t xml:space="preserve">${escaped}</w:t></w:r>`;
}
