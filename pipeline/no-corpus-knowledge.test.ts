import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectCorpusNames, type CorpusName } from './testing/collect-corpus-names.ts';
import { testCorpus } from './testing/locate-test-corpus.ts';

/**
 * Strings of the real corpora that pipeline/ code still writes, each with why it stays. Every entry
 * is a debt (issue 13: corpus knowledge belongs in a source's configuration or is learned at
 * ingest); the guard fails on anything not listed, and on a listed entry the code no longer writes.
 */
const KNOWN_DEBTS: readonly { file: string; text: string; why: string }[] = [];

/**
 * General terms the corpora happen to write that are no corpus knowledge: company suffixes, a
 * currency code, an addressee marker, the XML of a DOCX, a PDF operator, citation ids, and SDK (a
 * CUAD agreement licenses one; the object store imports the npm package `@aws-sdk/client-s3`).
 */
const GENERAL_TERMS = new Set(['LTD', 'LLC', 'EUR', 'ATTN', 'ORG', 'XML', 'STR', 'C1', 'C2', 'SDK']);

/** The string, template and regular-expression literals of a TypeScript file: what its code writes (comments are not code). */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) literals.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return literals;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    // Test code beside the code (tests, shared contract tests, fixtures) may quote the corpus.
    return entry.name.endsWith('.ts') && !/\.(test|contract|fixture)\.ts$|-fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A code literal's text with regular-expression escapes (`\b`, `\s+`) read as spaces, so `/\bnymex\b/` writes `nymex`. */
const readable = (text: string) => text.replace(/\\[bBsSdDwW][+*?]?/g, ' ');

/**
 * Whether a file's code literals (joined, with the set of their lower-case words) write a corpus
 * name: all its words, in order as whole words (letter case ignored except for two-letter acronyms;
 * a regular expression's `\s+` counts as a space); a file name anywhere.
 */
function writes(literals: { text: string; words: Set<string> }, name: CorpusName): boolean {
  if (name.kind === 'file') return literals.text.toLowerCase().includes(name.text.toLowerCase());
  if (!wordsOf(name.text).every((word) => literals.words.has(word))) return false;
  const flags = name.kind === 'acronym' && name.text.length <= 2 ? 'u' : 'iu';
  const body = escape(name.text).replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, flags).test(literals.text);
}

describe.skipIf(!testCorpus.available)(testCorpus.title('no corpus knowledge in pipeline/ code'), () => {
  let names: CorpusName[] = [];
  beforeAll(async () => {
    names = await collectCorpusNames(testCorpus.root, ['cme', 'cuad']);
  });

  it('writes none of the real corpora\'s distinctive names, acronyms, amounts or file names outside the listed debts', () => {
    expect(names.length).toBeGreaterThan(100);
    const root = path.resolve(import.meta.dirname, '..');
    const found: { file: string; text: string }[] = [];
    for (const file of sourceFiles(import.meta.dirname)) {
      const text = readable(literalsOf(file).join('\n'));
      const literals = { text, words: new Set(wordsOf(text)) };
      for (const name of names) {
        if (!GENERAL_TERMS.has(name.text) && writes(literals, name)) found.push({ file: path.relative(root, file), text: name.text });
      }
    }
    const listed = (entry: { file: string; text: string }) => KNOWN_DEBTS.some((debt) => debt.file === entry.file && debt.text === entry.text);
    expect(found.filter((entry) => !listed(entry)), 'corpus strings in pipeline/ code: move them to the source\'s configuration or learn them at ingest').toEqual([]);
    expect(KNOWN_DEBTS.filter((debt) => !found.some((entry) => entry.file === debt.file && entry.text === debt.text)), 'listed debts the code no longer writes: remove them').toEqual([]);
  });

  it('knows the corpora\'s names (the guard can fail): exchange acronyms, a product, an amount, a file name', () => {
    const planted = (text: string) => {
      const literals = { text: readable(text), words: new Set(wordsOf(readable(text))) };
      return names.filter((name) => !GENERAL_TERMS.has(name.text) && writes(literals, name)).map((name) => name.text);
    };
    expect(planted("if (/\\bnymex\\b/i.test(question)) return 'gme';")).toEqual(expect.arrayContaining(['NYMEX', 'GME']));
    expect(planted('const fee = "$134.50";')).toContain('$134.50');
    expect(planted("doc === 'ILA-Subscriber-Addendum.pdf'")).toContain('ILA-Subscriber-Addendum');
    expect(planted('for CME Term\\s+SOFR fees')).toEqual(expect.arrayContaining(['CME', 'SOFR', 'Term SOFR']));
    expect(planted('the licensee shall pay the fees within thirty days')).toEqual([]);
  });
});
