import type { SeededRandom } from './create-seeded-random.ts';
import { findProtectedSpans } from './find-protected-spans.ts';
import { findWords } from './find-words.ts';
import type { QuestionWord } from './find-words.ts';
import { LICENSING_GLOSSARY } from './licensing-glossary.ts';
import type { LicensingGlossary } from './licensing-glossary.ts';
import type { PartOfSpeech, WordNet } from './load-wordnet.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

// Words with no content of their own: never replaced, never a replacement.
const FUNCTION_WORDS = new Set([
  'what', 'how', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'whether', 'if', 'than', 'then', 'that', 'this', 'these',
  'those', 'there', 'here', 'the', 'and', 'but', 'nor', 'for', 'with', 'without', 'within', 'from', 'into', 'onto', 'under', 'over',
  'about', 'above', 'below', 'after', 'before', 'during', 'between', 'through', 'per', 'via', 'upon', 'any', 'all', 'each', 'every',
  'some', 'such', 'other', 'another', 'same', 'both', 'either', 'neither', 'not', 'only', 'also', 'just', 'very', 'more', 'most',
  'less', 'least', 'much', 'many', 'few', 'own', 'are', 'was', 'were', 'been', 'being', 'has', 'have', 'had', 'having', 'does',
  'did', 'doing', 'can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', 'its', 'their', 'our', 'your', 'his',
  'her', 'they', 'them', 'you', 'she', 'him', 'get', 'gets', 'got', 'make', 'made', 'take', 'give', 'yes', 'please', 'long',
  'often', 'applies', 'apply', 'say', 'says', 'said', 'need', 'needs', 'one',
]);
// The previous word decides which part of speech WordNet is asked for; unknown context → no WordNet.
const NOUN_CONTEXT = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'each', 'every', 'any', 'all', 'some', 'no', 'its', 'their', 'our', 'my',
  'your', 'his', 'her', 'per', 'of', 'for', 'in', 'on', 'under', 'within', 'with', 'without', 'by', 'from', 'about', 'after',
  'before', 'during', 'between',
]);
const VERB_CONTEXT = new Set(['to', 'can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', 'does', 'do', 'did', 'not', 'i', 'we', 'they', 'you']);
const ADJECTIVE_CONTEXT = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'very']);

// How often a WordNet synonym must have been seen, relative to the word it replaces.
const MINIMUM_SYNONYM_FREQUENCY = 0.1;

interface Replacement {
  word: QuestionWord;
  synonym: string;
  source: string;
}

/**
 * Replaces one content word of `question` by a synonym. The reviewed `glossary` comes first (with
 * its context conditions); otherwise `wordNet`, when given, supplies the single-word lemmas of the
 * synset of the word's most frequent sense — for the part of speech the previous word implies (a
 * determiner or preposition before it and no content word after it: noun; `to` or a modal:
 * verb; a form of `be`: adjective; anything else: no WordNet) — and only a sense seen in the tagged corpus, and only synonyms whose
 * own most frequent sense is that same synset (so `requirement` does not become `demand`). Plural
 * nouns are looked up by their singular and the synonym pluralised. Never touched: capitalised
 * words (defined terms, names, the first word), hyphenated words, the glossary's protected terms,
 * numbers, amounts, years, acronyms, anchors and quoted text. `undefined` when no word has a synonym.
 */
export function applySynonym(question: string, random: SeededRandom, wordNet?: WordNet, glossary: LicensingGlossary = LICENSING_GLOSSARY): PerturbationEdit | undefined {
  const blocked = [...findProtectedSpans(question), ...findProtectedTerms(question, glossary)];
  const protectedWords = new Set(glossary.protectedTerms);
  const rejected = new Set(glossary.rejectedWordNetSynonyms);
  const words = findWords(question);
  const replacements: Replacement[] = [];
  words.forEach((word, index) => {
    const text = word.text;
    if (!/^\p{Ll}{3,}$/u.test(text) || word.hyphenated || FUNCTION_WORDS.has(text)) return;
    if (blocked.some((span) => word.start < span.end && span.start < word.end)) return;
    const next = words[index + 1]?.text.toLowerCase();
    const previous = words[index - 1]?.text.toLowerCase();
    const entries = glossary.synonyms.filter((entry) => entry.word === text);
    if (entries.length > 0) {
      for (const entry of entries) {
        if (entry.nextWord !== undefined && entry.nextWord !== next) continue;
        if (entry.notNextWord !== undefined && entry.notNextWord === next) continue;
        if (entry.previousWordIn !== undefined && (previous === undefined || !entry.previousWordIn.includes(previous))) continue;
        for (const synonym of entry.synonyms) replacements.push({ word, synonym, source: 'licensing glossary' });
      }
      return;
    }
    if (wordNet === undefined) return;
    const found = findWordNetSynonyms(text, previous, next, wordNet);
    for (const synonym of found.synonyms) {
      if (protectedWords.has(synonym) || FUNCTION_WORDS.has(synonym) || rejected.has(`${found.lemma} → ${synonym}`)) continue;
      replacements.push({ word, synonym, source: found.source });
    }
  });
  // One word at random (each word equally likely), then one of its synonyms.
  const candidateWords = [...new Set(replacements.map((replacement) => replacement.word))];
  const word = random.pick(candidateWords);
  if (word === undefined) return undefined;
  const choice = random.pick(replacements.filter((replacement) => replacement.word === word));
  if (choice === undefined) return undefined;
  return {
    question: question.slice(0, word.start) + choice.synonym + question.slice(word.end),
    note: `${word.text} → ${choice.synonym} (${choice.source})`,
  };
}

function findWordNetSynonyms(text: string, previous: string | undefined, next: string | undefined, wordNet: WordNet): { lemma: string; synonyms: string[]; source: string } {
  const none = { lemma: text, synonyms: [], source: '' };
  // After a determiner, a word followed by another content word modifies it (`the public website`):
  // it may be an adjective or a noun used as one, and WordNet's noun synonyms would not fit.
  if (NOUN_CONTEXT.has(previous ?? '') && next !== undefined && !FUNCTION_WORDS.has(next) && !NOUN_CONTEXT.has(next)) return none;
  const partOfSpeech: PartOfSpeech | undefined =
    previous === undefined ? undefined
    : NOUN_CONTEXT.has(previous) ? 'noun'
    : VERB_CONTEXT.has(previous) ? 'verb'
    : ADJECTIVE_CONTEXT.has(previous) ? 'adjective'
    : undefined;
  // Inflected verbs cannot be re-inflected reliably (`kept`, `ran`); nouns only lose a plural `s`.
  if (partOfSpeech === undefined || /(?:ed|ing)$/u.test(text)) return none;
  const forms = [{ lemma: text, plural: false }];
  if (partOfSpeech === 'noun') forms.push(...singularForms(text).map((lemma) => ({ lemma, plural: true })));
  for (const { lemma, plural } of forms) {
    const sense = wordNet.findMostFrequentSense(lemma, [partOfSpeech]);
    if (sense === undefined) continue;
    // A sense never seen in the tagged corpus has an arbitrary rank; its synonyms are guesses.
    if (sense.tagCount < 1) return none;
    const synonyms = sense.lemmas
      .filter((candidate) => /^[a-z]{3,}$/u.test(candidate) && candidate !== lemma)
      .filter((candidate) => {
        // The synonym's own most frequent sense must be this synset, and seen at least a tenth as
        // often as the word's: `year` → `twelvemonth` and `know` → `cognize` are in the synset
        // but nobody writes them.
        const own = wordNet.findMostFrequentSense(candidate, [sense.partOfSpeech]);
        return own?.synsetOffset === sense.synsetOffset && own.tagCount >= Math.max(1, sense.tagCount * MINIMUM_SYNONYM_FREQUENCY);
      })
      .map((candidate) => (plural ? pluralise(candidate) : candidate));
    const offset = String(sense.synsetOffset).padStart(8, '0');
    return { lemma, synonyms, source: `WordNet ${sense.partOfSpeech} synset ${offset}` };
  }
  return none;
}

// WordNet's noun detachment rules (morphy): `-ies` → `-y`, `-ches`/`-shes`/`-ses`/`-xes`/`-zes` lose `es`, `-s` is dropped.
function singularForms(text: string): string[] {
  if (!text.endsWith('s') || text.endsWith('ss')) return [];
  const forms: string[] = [];
  if (text.endsWith('ies')) forms.push(`${text.slice(0, -3)}y`);
  if (/(?:ches|shes|ses|xes|zes)$/u.test(text)) forms.push(text.slice(0, -2));
  forms.push(text.slice(0, -1));
  return forms.filter((form) => form.length >= 3);
}

function pluralise(noun: string): string {
  if (/(?:s|x|z|ch|sh)$/u.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/u.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function findProtectedTerms(question: string, glossary: LicensingGlossary): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const term of glossary.protectedTerms) {
    const body = term
      .split(/[\s-]+/u)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s-]+');
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
    for (const match of question.matchAll(pattern)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}
