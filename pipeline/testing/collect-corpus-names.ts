import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { extractDocument } from '../extract/index.ts';
import { isEnglishWord } from '../question/english-words.ts';

/** One distinctive string of a corpus: where it came from and how many documents write it. */
export interface CorpusName {
  text: string;
  kind: 'acronym' | 'name' | 'amount' | 'file';
  corpus: string;
  documents: number;
}

// `GME`, `SOFR`, `NYMEX` (2–6 capitals or digits, starting with a letter).
const ACRONYM = /(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}\p{N}]{1,5}(?![\p{L}\p{N}])/gu;
// `Gulf Mercantile Exchange`, `Term SOFR` (2–4 capitalised words).
const NAME = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}]+(?:[ \t]+\p{Lu}[\p{L}]+){1,3}(?![\p{L}\p{N}])/gu;
// `$134.50`, `$22,110`.
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?/g;

/**
 * The distinctive strings of each corpus folder under `root`, for the guard that keeps them out of
 * the pipeline's code: acronyms that are not ordinary words (`GME`, not `TERM` or `WHICH`: neither
 * English by WordNet nor written in lower case by the documents) and capitalised names holding a
 * word that is not ordinary (`Soybean Oilshare Index`, not `The Licensee`), written by
 * one corpus only (the other corpus is the control: a string both write is the language of
 * contracts) and, for names, by at most `maxShare` of its documents; dollar amounts of two digits or more; and
 * the file names. Text comes from `pdftotext` when it is installed (seconds), else from the
 * pipeline's own extractor.
 */
export async function collectCorpusNames(root: string, corpora: readonly string[], maxShare = 0.5): Promise<CorpusName[]> {
  const seen = new Map<string, { kind: CorpusName['kind']; documentsByCorpus: Map<string, number> }>();
  const note = (text: string, kind: CorpusName['kind'], corpus: string) => {
    const key = `${kind}\u0000${text}`;
    const entry = seen.get(key) ?? { kind, documentsByCorpus: new Map<string, number>() };
    entry.documentsByCorpus.set(corpus, (entry.documentsByCorpus.get(corpus) ?? 0) + 1);
    seen.set(key, entry);
  };
  const documentsIn = new Map<string, number>();
  // Words the documents write in lower case somewhere: ordinary words, even where a heading capitalises them (`WHICH`, `The Licensee`).
  const lowerCaseWords = new Set<string>();
  for (const corpus of corpora) {
    const folder = path.join(root, corpus);
    const files = readdirSync(folder).filter((name) => /\.(pdf|docx|txt)$/i.test(name));
    documentsIn.set(corpus, files.length);
    for (const name of files) {
      const text = await readText(path.join(folder, name));
      note(name.replace(/\.[^.]+$/, ''), 'file', corpus);
      for (const word of text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}])/gu) ?? []) lowerCaseWords.add(word);
      for (const [pattern, kind] of [[ACRONYM, 'acronym'], [NAME, 'name'], [AMOUNT, 'amount']] as const) {
        for (const found of new Set(text.match(pattern) ?? [])) note(found.replace(/\s+/g, ' '), kind, corpus);
      }
    }
  }
  const names: CorpusName[] = [];
  for (const [key, { kind, documentsByCorpus }] of seen) {
    if (documentsByCorpus.size !== 1) continue;
    const [corpus, documents] = [...documentsByCorpus][0]!;
    const text = key.split('\u0000')[1]!;
    const ordinary = (word: string) => isEnglishWord(word.toLowerCase()) || lowerCaseWords.has(word.toLowerCase());
    if (kind === 'acronym' && ordinary(text)) continue;
    if (kind === 'name' && (documents > maxShare * (documentsIn.get(corpus) ?? 0) || text.split(' ').every(ordinary))) continue;
    if (kind === 'amount' && !/\d\d/.test(text)) continue;
    names.push({ text, kind, corpus, documents });
  }
  return names;
}

async function readText(file: string): Promise<string> {
  if (/\.pdf$/i.test(file)) {
    try {
      return execFileSync('pdftotext', ['-q', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch {
      // pdftotext missing or failing: the pipeline's extractor below.
    }
  }
  const outcome = await extractDocument(file);
  return outcome.status === 'extracted' ? outcome.document.pages.map((page) => page.text).join('\n') : '';
}
