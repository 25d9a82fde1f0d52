// Generates the project's own sample corpus in data/raw/sample: documents of a FICTIONAL exchange
// ("Harbourview Commodities Exchange", HCX) written for this project — a license agreement (PDF),
// a 2026 fee schedule with a table (PDF), a definitions schedule (DOCX) and a data policy (TXT).
// Run: npx tsx data/generate/generate-sample-corpus.ts   (deterministic: same bytes every run)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeDocx } from './write-docx.ts';
import { writePdf, type PdfText } from './write-pdf.ts';

const outputDir = path.resolve(import.meta.dirname, '../raw/sample');

/** Lays out paragraphs as wrapped lines of Helvetica text from the top of a page down. */
function layoutPage(blocks: { text: string; bold?: boolean; size?: number; gapBefore?: number }[]): PdfText[] {
  const items: PdfText[] = [];
  let y = 740;
  for (const block of blocks) {
    const size = block.size ?? 10;
    y -= block.gapBefore ?? 6;
    const maxCharacters = Math.floor(470 / (size * 0.5));
    for (const line of wrap(block.text, maxCharacters)) {
      items.push({ x: 72, y, size, text: line, bold: block.bold ?? false });
      y -= size * 1.4;
    }
  }
  return items;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

const agreementPages = [
  layoutPage([
    { text: 'HARBOURVIEW COMMODITIES EXCHANGE', bold: true, size: 14 },
    { text: 'Market Data License Agreement (fictional sample document)', size: 11 },
    { text: 'This Market Data License Agreement is made between Harbourview Commodities Exchange ("HCX") and the Licensee named in the Order Form. Capitalised terms have the meanings given in Schedule 1 (Definitions).', gapBefore: 10 },
    { text: '1. Grant of License', bold: true, gapBefore: 12 },
    { text: 'HCX grants the Licensee a non-exclusive, non-transferable license to receive HCX Market Data and to display it to Subscribers on Devices, subject to the fees in the HCX Fee Schedule.' },
    { text: '2. Redistribution', bold: true, gapBefore: 12 },
    { text: 'The Licensee shall not redistribute HCX Market Data to any third party unless it holds a Redistribution License. Redistribution to affiliates within the same Licensee Group is permitted without a Redistribution License.' },
    { text: '3. Reporting', bold: true, gapBefore: 12 },
    { text: 'The Licensee shall submit a monthly usage report stating the Unit of Count for each service no later than 15 days after the end of each calendar month.' },
    { text: '4. Audit', bold: true, gapBefore: 12 },
    { text: 'HCX may audit the Licensee no more than once in any calendar year, on at least 30 days written notice. If an audit reveals an underpayment of more than 5 percent, the Licensee shall pay the reasonable costs of the audit.' },
  ]),
  layoutPage([
    { text: '5. Record Retention', bold: true },
    { text: 'The Licensee shall keep complete records of Subscribers, Devices and usage reports for at least three (3) years after the period to which they relate.' },
    { text: '6. Fees and Payment', bold: true, gapBefore: 12 },
    { text: 'The Licensee shall pay the fees set out in the HCX Fee Schedule. Invoices are payable within 30 days of the invoice date. Late payments bear interest at 1.5 percent per month.' },
    { text: '7. Term and Termination', bold: true, gapBefore: 12 },
    { text: 'This Agreement continues until terminated. Either party may terminate this Agreement on 90 days written notice. HCX may terminate immediately if the Licensee redistributes HCX Market Data without a Redistribution License.' },
    { text: '8. Governing Law', bold: true, gapBefore: 12 },
    { text: 'This Agreement is governed by the laws of the fictional Province of Northbridge.' },
  ]),
];

const feeRows = [
  ['Service', 'Subscriber Category', 'Unit of Count', 'Monthly Fee'],
  ['Real-Time Top of Book', 'Professional', 'Display Device', '$42.00'],
  ['Real-Time Top of Book', 'Non-Professional', 'Display Device', '$3.50'],
  ['Real-Time Depth of Market', 'Professional', 'Display Device', '$88.00'],
  ['Delayed Data', 'All Subscribers', 'Display Device', '$0.00'],
  ['Non-Display Category A', 'Enterprise', 'Licensee Group', '$1,900.00'],
  ['Redistribution License', 'Distributor', 'Firm', '$2,400.00'],
];
const columns = [72, 230, 360, 480];
const feePage: PdfText[] = [
  { x: 72, y: 740, size: 14, text: 'HARBOURVIEW COMMODITIES EXCHANGE', bold: true },
  { x: 72, y: 720, size: 12, text: 'HCX Fee Schedule 2026 (fictional sample document)', bold: true },
  { x: 72, y: 700, size: 10, text: 'Effective Date: 1 January 2026. All fees are in US dollars per month unless stated otherwise.' },
  { x: 72, y: 672, size: 11, text: 'Market Data Fees', bold: true },
  ...feeRows.flatMap((row, rowIndex) =>
    row.map((cell, column): PdfText => ({ x: columns[column]!, y: 650 - rowIndex * 18, size: 10, text: cell, bold: rowIndex === 0 })),
  ),
  { x: 72, y: 500, size: 11, text: 'Notes', bold: true },
  { x: 72, y: 482, size: 10, text: 'Fees for 2026 replace the 2025 fees. The 2025 Real-Time Top of Book Professional fee was $40.00 per Display Device.' },
  { x: 72, y: 466, size: 10, text: 'Delayed Data is data delayed by at least 15 minutes and carries no display fee.' },
];

const definitions = writeDocx([
  { kind: 'heading', level: 1, text: 'Schedule 1 - Definitions' },
  { kind: 'paragraph', text: 'This Schedule forms part of the HCX Market Data License Agreement (fictional sample document). In the Agreement:' },
  { kind: 'paragraph', text: '"Device" means any unit of equipment, fixed or portable, that can access, receive or display HCX Market Data.' },
  { kind: 'paragraph', text: '"Licensee Group" means the Licensee and every entity that controls, is controlled by or is under common control with the Licensee.' },
  { kind: 'paragraph', text: '"Non-Professional" means a natural person who uses HCX Market Data solely for personal investment and is not registered with any financial regulator.' },
  { kind: 'paragraph', text: '"Subscriber" means a person or entity that receives HCX Market Data from the Licensee for its own use.' },
  { kind: 'paragraph', text: '"Unit of Count" means the basis on which a fee is charged, such as a Display Device, a Licensee Group or a Firm.' },
  { kind: 'heading', level: 2, text: 'Subscriber Categories' },
  { kind: 'table', rows: [['Category', 'Who qualifies'], ['Professional', 'Any Subscriber that is not a Non-Professional'], ['Non-Professional', 'A natural person meeting the Non-Professional definition']] },
]);

const policy = `HCX Market Data Policy (fictional sample document)

1. Delayed Data
Delayed Data is HCX Market Data delayed by at least 15 minutes from the time it is published. Delayed Data carries no display fee but remains subject to the Agreement.

2. Non-Display Use
Non-Display Use means any use of HCX Market Data other than display on a Device, including automated trading. Non-Display Use is licensed per Licensee Group under Non-Display Category A.

3. Reporting Corrections
A Licensee that finds an error in a submitted usage report shall correct it within 10 business days of discovering the error.
`;

mkdirSync(outputDir, { recursive: true });
writeFileSync(path.join(outputDir, 'harbourview-license-agreement.pdf'), writePdf(agreementPages, 'HCX Market Data License Agreement'));
writeFileSync(path.join(outputDir, 'harbourview-fee-schedule-2026.pdf'), writePdf([feePage], 'HCX Fee Schedule 2026'));
writeFileSync(path.join(outputDir, 'harbourview-definitions-schedule.docx'), definitions);
writeFileSync(path.join(outputDir, 'harbourview-data-policy.txt'), policy);
console.log(`wrote 4 documents to ${path.relative(process.cwd(), outputDir)}`);
