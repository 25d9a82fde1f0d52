import { createRandom } from '../../pipeline/store/store-fixtures.ts';

/**
 * Composes one synthetic licensing document from a seed: a title, numbered sections with
 * subsections, a definitions section ("X" means …), fee tables with rows, and closing notes — the
 * shapes of market-data licensing documents, with invented names and figures. Every document of a
 * seed differs in its names, codes, amounts, dates, clause choice and order, so no two are
 * duplicates. Also gives one question per fee row that the document answers.
 */

/** A block of the document in reading order. */
export type DocumentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] };

/** A composed document and questions it answers. */
export interface ComposedDocument {
  title: string;
  fileStem: string;
  blocks: DocumentBlock[];
  questions: string[];
}

const VENUE_FIRST = ['Harbour', 'Northgate', 'Meridian', 'Kestrel', 'Bluewater', 'Granite', 'Lakeshore', 'Summit', 'Redwood', 'Ironbridge', 'Silverline', 'Westmark', 'Eastfield', 'Copperhill', 'Stonebrook', 'Falcon', 'Juniper', 'Oakridge', 'Pinecrest', 'Riverside'];
const VENUE_SECOND = ['Exchange', 'Futures Exchange', 'Commodities Market', 'Options Exchange', 'Clearing House', 'Securities Market', 'Board of Trade', 'Mercantile Exchange'];
const DOCUMENT_KINDS = ['Market Data Fee List', 'Information License Agreement', 'Subscriber Addendum', 'Schedule of Fees', 'Data Licensing Policy', 'Fee Notice', 'Distributor Agreement Schedule', 'Benchmark Licensing Terms', 'Display Device Policy', 'Non-Display Usage Policy'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DATA_KINDS = ['Real-Time Information', 'Delayed Information', 'End-of-Day Settlement Prices', 'Historical Data', 'Top-of-Book Quotes', 'Full Depth of Market', 'Reference Rates', 'Index Values', 'Implied Volatility Surfaces', 'Trade Summaries', 'Block Trade Reports', 'Options Greeks', 'Auction Results', 'Open Interest Reports'];
const USES = ['display on a Device', 'non-display use in automated trading', 'use in a derivatives valuation', 'redistribution to Subscribers', 'creation of Derived Data', 'use in a benchmark calculation', 'internal risk management', 'portfolio valuation', 'use in a trading platform', 'client reporting', 'research and analytics', 'clearing and settlement'];
const PARTIES = ['the Licensee', 'the Distributor', 'the Subscriber', 'the Vendor', 'the Service Facilitator', 'the Affiliate', 'the Redistributor', 'the Data Recipient'];
const SERVICES = ['Professional Device', 'Non-Professional Device', 'Enterprise License', 'Non-Display Category 1', 'Non-Display Category 2', 'Non-Display Category 3', 'Derived Data License', 'Redistribution License', 'Historical Data Package', 'Delayed Data Display', 'Mobile Access', 'Trading Platform License', 'Index Redistribution', 'Benchmark Usage License', 'Settlement Price Access', 'Back-Office Processing'];
const UNITS = ['per Device per month', 'per User ID per month', 'per month', 'per year', 'per Access ID per month', 'per location per month', 'per application per year', 'one-time'];
const PERIODS = ['thirty (30) days', 'sixty (60) days', 'ninety (90) days', 'fifteen (15) days', 'ten (10) business days', 'five (5) business days', 'one (1) calendar month', 'two (2) years', 'three (3) years'];
const TOPICS = ['Grant of License', 'Reporting Obligations', 'Audit Rights', 'Fees and Payment', 'Term and Termination', 'Confidentiality', 'Redistribution', 'Derived Data', 'Non-Display Usage', 'Service Facilitators', 'Liability', 'Indemnification', 'Intellectual Property', 'Data Security', 'Waivers', 'Taxes', 'Notices', 'Governing Law', 'Assignment', 'Force Majeure', 'Fee Waivers', 'Device Counting', 'Entitlement Controls', 'Late Payment', 'Annual Declarations', 'Trial Periods'];
const DEFINED_TERMS = ['Device', 'Subscriber', 'Derived Data', 'Non-Display Use', 'Access ID', 'Professional User', 'Non-Professional User', 'Service Facilitator', 'Affiliate', 'Information', 'Redistribution', 'Unit of Count', 'Reporting Period', 'Effective Date', 'Enterprise', 'Application', 'Location', 'Usage Report'];
const VERBS = ['shall report', 'shall maintain records of', 'may not disclose', 'shall pay the fees for', 'shall control access to', 'may redistribute', 'shall notify the Exchange of', 'shall not modify', 'shall count', 'may request a waiver for', 'shall certify', 'shall retain'];
const OBJECTS = ['every Device that receives the Information', 'each Access ID entitled to the Information', 'all Derived Data created from the Information', 'the number of Subscribers in each Reporting Period', 'every application that processes the Information', 'each location where the Information is displayed', 'the Information received from the Exchange', 'usage reports for each calendar month', 'the entitlement system used to control access'];
const CONDITIONS = ['unless the Exchange agrees otherwise in writing', 'within {period} after the end of each calendar month', 'in accordance with the fee schedule in effect at the time', 'subject to the audit provisions of this Agreement', 'for as long as this Agreement remains in effect', 'except as expressly permitted under Section {ref}', 'provided that the Licensee has executed the applicable Schedule', 'without prejudice to any other remedy of the Exchange', 'at the rates published on the Exchange website'];
const CONSEQUENCES = ['Late payments accrue interest at {rate} percent per month.', 'Fees are invoiced monthly in arrears in US dollars.', 'A waiver granted under this Section expires after {period}.', 'The Exchange may suspend delivery of the Information after {period} written notice.', 'Unreported usage is charged at the current rates plus an administrative fee of ${amount}.', 'Records must be kept for {period} after the end of the Reporting Period.', 'Each Affiliate must be named in the Schedule before it receives the Information.', 'A Device that can receive the Information counts as one unit even if it is not used.'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function amount(random: () => number, low: number, high: number): string {
  const value = low + random() * (high - low);
  return value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
}

/** Composes document number `index` of the corpus of `seed` (deterministic). */
export function composeLicensingDocument(seed: number, index: number): ComposedDocument {
  const random = createRandom(seed * 1_000_003 + index * 7919 + 17);
  const venue = `${pick(random, VENUE_FIRST)} ${pick(random, VENUE_SECOND)}`;
  const kind = pick(random, DOCUMENT_KINDS);
  const month = pick(random, MONTHS);
  const year = 2024 + Math.floor(random() * 4);
  const code = `${venue.split(' ').map((word) => word[0]).join('')}-${1000 + index}`;
  const title = `${venue} ${kind} ${month} ${year}`;
  const fileStem = `${String(index).padStart(5, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const family = `${pick(random, VENUE_FIRST)} ${pick(random, ['Energy', 'Metals', 'Rates', 'Equity Index', 'Agricultural', 'FX', 'Credit', 'Crypto Reference'])}`;
  const fill = (template: string) =>
    template
      .replace('{period}', pick(random, PERIODS))
      .replace('{ref}', `${1 + Math.floor(random() * 12)}.${1 + Math.floor(random() * 6)}`)
      .replace('{rate}', (0.5 + random() * 1.5).toFixed(1))
      .replace('{amount}', amount(random, 50, 5000));
  const sentence = () => {
    const shape = random();
    if (shape < 0.45) return `${capitalise(pick(random, PARTIES))} ${pick(random, VERBS)} ${pick(random, OBJECTS)} ${fill(pick(random, CONDITIONS))}.`;
    if (shape < 0.7) return fill(pick(random, CONSEQUENCES));
    if (shape < 0.85) return `${pick(random, DATA_KINDS)} of the ${family} contracts (product code ${code}-${Math.floor(random() * 90) + 10}) may be used for ${pick(random, USES)} ${fill(pick(random, CONDITIONS))}.`;
    return `Effective ${month} ${1 + Math.floor(random() * 28)}, ${year}, the ${venue} applies this ${kind} to ${pick(random, USES)} by ${pick(random, PARTIES)}.`;
  };
  const paragraph = (sentences: number) => Array.from({ length: sentences }, sentence).join(' ');

  const blocks: DocumentBlock[] = [{ kind: 'heading', text: title }, { kind: 'paragraph', text: paragraph(4) }];
  const questions: string[] = [];
  const topics = shuffle(random, TOPICS).slice(0, 11 + Math.floor(random() * 5));
  const definitionsAt = Math.floor(random() * 3);
  const feeTablesAt = new Set([3 + Math.floor(random() * 4), 9 + Math.floor(random() * 5)]);
  let number = 1;
  topics.forEach((topic, position) => {
    if (position === definitionsAt) {
      blocks.push({ kind: 'heading', text: `${number}. Definitions` });
      for (const term of shuffle(random, DEFINED_TERMS).slice(0, 6 + Math.floor(random() * 5))) {
        blocks.push({ kind: 'paragraph', text: `"${term}" means ${pick(random, ['any', 'each', 'the'])} ${term.toLowerCase()} of ${pick(random, PARTIES)} that ${pick(random, VERBS).replace('shall ', '').replace('may ', '')} ${pick(random, OBJECTS)} for ${pick(random, USES)}.` });
      }
      number += 1;
    }
    if (feeTablesAt.has(position)) {
      blocks.push({ kind: 'heading', text: `${number}. Fee Schedule ${String.fromCharCode(64 + number % 26 + 1)} - ${family}` });
      blocks.push({ kind: 'paragraph', text: paragraph(2) });
      const rows = shuffle(random, SERVICES).slice(0, 6 + Math.floor(random() * 6)).map((service) => [
        `${service} (${code})`,
        pick(random, UNITS),
        `$${amount(random, 5, 25000)}`,
        `${pick(random, MONTHS).slice(0, 3)} 1, ${year}`,
      ]);
      blocks.push({ kind: 'table', header: ['Service', 'Unit of Count', 'Fee (USD)', 'Effective'], rows });
      for (const row of rows.slice(0, 2)) questions.push(`What is the fee for the ${row[0]} in the ${title}?`);
      number += 1;
    }
    blocks.push({ kind: 'heading', text: `${number}. ${topic}` });
    const subsections = 2 + Math.floor(random() * 3);
    for (let sub = 1; sub <= subsections; sub += 1) blocks.push({ kind: 'paragraph', text: `${number}.${sub} ${paragraph(3 + Math.floor(random() * 4))}` });
    number += 1;
  });
  blocks.push({ kind: 'heading', text: 'Notes' });
  blocks.push({ kind: 'paragraph', text: `Questions about this ${kind.toLowerCase()} may be sent to data-licensing-${index}@${venue.split(' ')[0]!.toLowerCase()}.example. ${paragraph(2)}` });
  return { title, fileStem, blocks, questions };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shuffle<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
