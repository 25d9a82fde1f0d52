import type { SeededRandom } from './create-seeded-random.ts';
import { findAnchorMentions } from './find-anchor-mentions.ts';
import type { AnchorMention } from './find-anchor-mentions.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/**
 * Years no CME document mentions at all: whole-word counts over `pdftotext` of the 34 PDFs of
 * `../shared/corpus/cme` find 2021 (9), 2023 (11), 2024 (9), 2025 (89) and 2026 (43), a few older
 * years in statute citations (1933, 1934, 1936, 1959, 1983, 2013, 2016, 2017, 2020), and none of
 * these. Fee lists exist only for 2025 and 2026.
 */
export const YEARS_ABSENT_FROM_CORPUS: readonly number[] = [2019, 2022, 2027, 2028];

/**
 * Exchanges a CME exchange is swapped for: all `inCorpus: false` in `KNOWN_EXCHANGES` (no CME
 * document names them), chosen because a user could plausibly ask the same question of them.
 */
export const FLIP_EXCHANGES: readonly string[] = ['Nasdaq', 'NYSE', 'ICE', 'Eurex', 'Euronext', 'LSE', 'LME', 'Cboe', 'SGX', 'HKEX', 'ASX'];

const RATE_BENCHMARKS = ['SONIA', 'TONA', 'SARON', 'BSBY'];
const EQUITY_INDICES = ['S&P 500', 'FTSE 100', 'Nikkei 225', 'Russell 2000', 'MSCI'];
const DATA_VENDORS = ['Bloomberg', 'Refinitiv', 'FactSet'];

/**
 * What an in-corpus product is swapped for, by the product's `KNOWN_PRODUCTS` name: a product of
 * the same family the corpus does not cover (rates for rates, an index for an index, another
 * vendor's platform for a CME platform), every one `inCorpus: false` in the known anchors.
 */
export const FLIP_PRODUCTS: Readonly<Record<string, readonly string[]>> = {
  'Term SOFR': RATE_BENCHMARKS,
  SOFR: RATE_BENCHMARKS,
  'RepoFunds Rate': RATE_BENCHMARKS,
  LIBOR: RATE_BENCHMARKS,
  CVOL: ['VIX'],
  BrokerTec: ['Tradeweb', 'MarketAxess'],
  EBS: ['Refinitiv', 'Bloomberg'],
  'CME CF Cryptocurrency Indices': ['Bitcoin'],
  'E-mini': ['BTIC'],
  'Option Volatility Greeks': ['VIX'],
  'Event Contracts': ['Bitcoin', 'Ether'],
  FedWatch: DATA_VENDORS,
  DataMine: DATA_VENDORS,
  Globex: DATA_VENDORS,
};

/** Indices and other products without a family above are swapped for a well-known equity index. */
const DEFAULT_PRODUCT_FLIPS = EQUITY_INDICES;

// A year on its own, as the question stage reads one: not part of an amount, a longer number or a percentage.
const YEAR = /(?<![\p{N}.,$€£])(?:19|20)\d{2}(?!\p{N})(?![.,]\p{N})(?!\s*%)/gu;

interface FlipOption {
  describe: string;
  /** The text swapped away (`CME`, `2026`). */
  swapped: string;
  /** The anchor swapped away, for the check that it is gone. */
  flipped?: string;
  replace: (random: SeededRandom) => { question: string; replacement: string } | undefined;
}

/**
 * Makes `question` one the CME documents cannot answer by swapping one thing it names for one the
 * corpus does not cover: a CME Group exchange (CME, CBOT, NYMEX, COMEX, GME) for another exchange
 * (`FLIP_EXCHANGES`), an in-corpus product for one of the same family (`FLIP_PRODUCTS`), or a year
 * for one no document mentions (`YEARS_ABSENT_FROM_CORPUS`: the latest year the question names
 * moves forward to 2027/2028, an earlier one, or the one year of a question in the past tense,
 * back to 2019/2022). Every mention of the swapped
 * exchange, product or year is replaced; mentions side by side (`GME (Gulf Mercantile Exchange)`)
 * become one. A question naming several CME Group exchanges gets no exchange flip, and a question
 * naming one anchor by two spellings apart (the DME renamed GME) gets no flip of it. The result
 * is checked: the swapped anchor is gone, the new one is found as an anchor the corpus lacks, and
 * no in-corpus anchor appeared. One swappable thing is chosen at random, those not in `avoid`
 * first (a second flip of a question then swaps something else when it can); `undefined` when the
 * question names none. The note says what was swapped.
 */
export function applyDistractorFlip(question: string, random: SeededRandom, avoid: readonly string[] = []): PerturbationEdit | undefined {
  const mentions = findAnchorMentions(question);
  const before = new Set(mentions.filter((mention) => mention.anchor.inCorpus).map((mention) => mention.anchor.name));
  const options: FlipOption[] = [];
  const byAnchor = new Map<string, AnchorMention[]>();
  for (const mention of mentions) {
    if (!mention.anchor.inCorpus || mention.kind === 'party') continue;
    byAnchor.set(mention.anchor.name, [...(byAnchor.get(mention.anchor.name) ?? []), mention]);
  }
  // A question listing several CME Group exchanges (`CME, CBOT, NYMEX and COMEX`) would still be
  // partly answerable with one of them swapped: exchanges are flipped only when one is named.
  const exchangesNamed = [...byAnchor.values()].filter((group) => group[0]!.kind === 'exchange').length;
  for (const [name, anchorMentions] of byAnchor) {
    const kind = anchorMentions[0]!.kind;
    if (kind === 'exchange' && exchangesNamed > 1) continue;
    const spans = joinAdjacentMentions(question, anchorMentions);
    // Two spellings apart (`When did the Dubai Mercantile Exchange become the Gulf Mercantile
    // Exchange?`) ask about the names themselves; swapping both for one name makes nonsense.
    if (new Set(anchorMentions.map((mention) => mention.text.toLowerCase())).size > 1 && spans.length > 1) continue;
    const targets = kind === 'exchange' ? FLIP_EXCHANGES : (FLIP_PRODUCTS[name] ?? DEFAULT_PRODUCT_FLIPS);
    options.push({
      describe: `${kind} ${anchorMentions[0]!.text}`,
      swapped: anchorMentions[0]!.text,
      flipped: name,
      replace: (optionRandom) => {
        const target = optionRandom.pick(targets);
        if (target === undefined) return undefined;
        return { question: replaceSpans(question, spans, target), replacement: target };
      },
    });
  }
  const years = [...new Set([...question.matchAll(YEAR)].map((match) => match[0]))];
  for (const year of years) {
    options.push({
      describe: `year ${year}`,
      swapped: year,
      replace: (optionRandom) => {
        // The latest year named moves forward, an earlier one back, so `from 2025 to 2026` becomes
        // `from 2022 to 2026` or `from 2025 to 2027`, never `from 2028 to 2026`.
        // A question in the past tense about one year moves back (`What was the fee in 2025?` → 2022).
        const latest = Math.max(...years.map(Number));
        const pastTense = years.length === 1 && /(?<!\p{L})(?:was|were|did|had)(?!\p{L})/iu.test(question);
        const forward = Number(year) === latest && !pastTense;
        const candidates = YEARS_ABSENT_FROM_CORPUS.filter((absent) => (forward ? absent > Number(year) : absent < Number(year)));
        const fallback = forward ? YEARS_ABSENT_FROM_CORPUS.at(-1) : YEARS_ABSENT_FROM_CORPUS[0];
        const target = String(optionRandom.pick(candidates) ?? fallback);
        const spans = [...question.matchAll(YEAR)].filter((match) => match[0] === year).map((match) => ({ start: match.index, end: match.index + year.length }));
        return { question: replaceSpans(question, spans, target), replacement: target };
      },
    });
  }

  const shuffled = random.shuffle(options);
  const ordered = [...shuffled.filter((option) => !avoid.includes(option.swapped)), ...shuffled.filter((option) => avoid.includes(option.swapped))];
  for (const option of ordered) {
    const result = option.replace(random);
    if (result === undefined || result.question === question) continue;
    const after = findAnchorMentions(result.question);
    const inCorpusAfter = after.filter((mention) => mention.anchor.inCorpus).map((mention) => mention.anchor.name);
    if (option.flipped !== undefined && inCorpusAfter.includes(option.flipped)) continue;
    if (inCorpusAfter.some((name) => !before.has(name))) continue;
    if (option.flipped !== undefined && !after.some((mention) => !mention.anchor.inCorpus && mention.text === result.replacement)) continue;
    const reason = option.flipped === undefined ? `no CME document covers ${result.replacement}` : `the CME documents do not cover ${result.replacement}`;
    return { question: result.question, note: `${option.describe} → ${result.replacement} (${reason})`, swapped: option.swapped };
  }
  return undefined;
}

// Mentions of one anchor written side by side (`GME (Gulf Mercantile Exchange)`, `RepoFunds Rate
// RFR`) become one span, so the swap writes the new name once.
function joinAdjacentMentions(question: string, mentions: readonly AnchorMention[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const mention of [...mentions].sort((left, right) => left.start - right.start)) {
    const previous = spans.at(-1);
    const gap = previous === undefined ? undefined : question.slice(previous.end, mention.start);
    if (previous !== undefined && gap !== undefined && /^[\s(]*$/u.test(gap)) {
      previous.end = gap.includes('(') && question[mention.end] === ')' ? mention.end + 1 : mention.end;
      continue;
    }
    spans.push({ start: mention.start, end: mention.end });
  }
  return spans;
}

function replaceSpans(question: string, spans: readonly { start: number; end: number }[], replacement: string): string {
  let result = '';
  let position = 0;
  for (const span of [...spans].sort((left, right) => left.start - right.start)) {
    result += question.slice(position, span.start) + replacement;
    position = span.end;
  }
  return result + question.slice(position);
}
