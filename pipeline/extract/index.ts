export { extractDocument, SUPPORTED_EXTENSIONS } from './extract-document.ts';
export { extractPdf, MINIMUM_READABILITY, MINIMUM_WORDS_PER_PAGE, type ExtractPdfOptions } from './extract-pdf.ts';
export { createTesseractOcr, OCR_INSTALL_HINT, type TesseractOcrOptions } from './create-tesseract-ocr.ts';
export type { PageOcr, PageOcrOutcome, RecognisedPage } from './page-ocr.ts';
export { extractDocx } from './extract-docx.ts';
export { extractText } from './extract-text.ts';
