import type { SeededRandom } from './create-seeded-random.ts';
import { findAnchorMentions } from './find-anchor-mentions.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

type CasingChange = 'lower case' | 'upper case' | 'title case' | 'none';
type PunctuationChange = 'question mark dropped' | 'question mark doubled' | 'commas dropped' | 'quotes dropped' | 'full stop for question mark' | 'none';

const CASING_CHANGES: readonly CasingChange[] = ['lower case', 'upper case', 'title case', 'none'];
const PUNCTUATION_CHANGES: readonly PunctuationChange[] = [
  'question mark dropped',
  'question mark doubled',
  'commas dropped',
  'quotes dropped',
  'full stop for question mark',
  'none',
];

/**
 * Changes how `question` is typed, not what it asks: all lower case, ALL UPPER CASE or Title Case,
 * and/or a dropped, doubled or replaced question mark, dropped commas or dropped quotes. At least
 * one change is made. Commas and full stops inside numbers (`$1,250.00`) stay, and so does the
 * letter case of anchors matched only in exact case (`ICE`, `SONIA`), which would otherwise stop
 * naming the exchange or benchmark. `undefined` when nothing changes the text.
 */
export function applyCasingPunctuation(question: string, random: SeededRandom): PerturbationEdit | undefined {
  const combinations = CASING_CHANGES.flatMap((casing) => PUNCTUATION_CHANGES.map((punctuation) => ({ casing, punctuation }))).filter(
    ({ casing, punctuation }) => casing !== 'none' || punctuation !== 'none',
  );
  for (const { casing, punctuation } of random.shuffle(combinations)) {
    const recased = changeCasing(question, casing);
    const changed = changePunctuation(recased, punctuation);
    // Each change named in the note must have changed something (no `quotes dropped` without quotes).
    if (casing !== 'none' && recased === question) continue;
    if (punctuation !== 'none' && changed === recased) continue;
    if (changed !== question) {
      const note = [casing, punctuation].filter((change) => change !== 'none').join('; ');
      return { question: changed, note };
    }
  }
  return undefined;
}

function changeCasing(question: string, casing: CasingChange): string {
  if (casing === 'none') return question;
  const exactCase = findAnchorMentions(question).filter((mention) => mention.anchor.exactCase?.some((spelling) => spelling === mention.text));
  let result = '';
  let position = 0;
  for (const mention of exactCase) {
    result += recase(question.slice(position, mention.start), casing) + mention.text;
    position = mention.end;
  }
  return result + recase(question.slice(position), casing);
}

function recase(text: string, casing: Exclude<CasingChange, 'none'>): string {
  if (casing === 'lower case') return text.toLowerCase();
  if (casing === 'upper case') return text.toUpperCase();
  // Title case leaves words that already have a capital alone (`CME`, `BrokerTec`).
  return text.replace(/(?<![\p{L}\p{N}'’])\p{Ll}/gu, (letter) => letter.toUpperCase());
}

function changePunctuation(question: string, punctuation: PunctuationChange): string {
  const trimmed = question.trimEnd();
  switch (punctuation) {
    case 'none':
      return question;
    case 'question mark dropped':
      return trimmed.replace(/\s*\?+$/u, '');
    case 'question mark doubled':
      return /\?$/u.test(trimmed) ? `${trimmed}?` : question;
    case 'full stop for question mark':
      return trimmed.replace(/\s*\?+$/u, '.');
    case 'commas dropped':
      // Only commas that separate words; `1,250` keeps its comma.
      return question.replace(/,(?=\s)/gu, '');
    case 'quotes dropped':
      return question.replace(/["“”]/gu, '');
  }
}
