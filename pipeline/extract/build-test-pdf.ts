/**
 * Writes small, valid PDF files for tests: numbered objects, a cross-reference table with exact
 * byte offsets and a trailer. Test support only; the pipeline never writes PDFs.
 */

/**
 * Builds a PDF whose objects are `objects` (object `n` is `objects[n - 1]`, given as the text
 * between `n 0 obj` and `endobj`), with object 1 as the catalog and `trailerEntries` added to the
 * trailer dictionary (an `/Encrypt` reference, for example). ASCII only.
 */
export function buildTestPdf(objects: readonly string[], trailerEntries = ''): Uint8Array {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const crossReference = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerEntries}>>\nstartxref\n${crossReference}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

/** A content stream object holding `content`. */
export function streamObject(content: string): string {
  return `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
}
