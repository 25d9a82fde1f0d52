export { extractDocument, SUPPORTED_EXTENSIONS } from './extract-document.ts';
export { extractPdf, MINIMUM_READABILITY, MINIMUM_WORDS_PER_PAGE } from './extract-pdf.ts';
export { extractDocx } from './extract-docx.ts';
export { extractText } from './extract-text.ts';
