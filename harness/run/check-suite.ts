import path from 'node:path';
import type { IndexManifest, ManifestDocument } from '../../pipeline/store/index.ts';
import { createVerbatimCopyFinder, locateQuoteInTokens, tokenisePage } from '../golden/index.ts';
import type { GoldenEntry, GoldenProblem, LoadedSuite, PageTokens, BaselineCase, PerturbationCase } from '../golden/index.ts';
import type { LocatedEvidence } from '../report/case-result.ts';
import type { DocumentAliases } from '../score/index.ts';
import type { PageTexts } from './rebuild-page-texts.ts';

/** What kind of fault a suite problem is; `harness check` counts problems per category. */
export type SuiteProblemCategory =
  | 'malformed_line'
  | 'duplicate_id'
  | 'missing_base'
  | 'invalid_case'
  | 'suite_settings'
  | 'unknown_document'
  | 'page_out_of_range'
  | 'quote_not_found';

/** Every category, in the order `harness check` prints counts. */
export const SUITE_PROBLEM_CATEGORIES: readonly SuiteProblemCategory[] = [
  'malformed_line',
  'duplicate_id',
  'missing_base',
  'invalid_case',
  'suite_settings',
  'unknown_document',
  'page_out_of_range',
  'quote_not_found',
];

/** A golden problem with its category. */
export interface SuiteProblem extends GoldenProblem {
  category: SuiteProblemCategory;
}

/** Input of `checkSuite`. */
export interface CheckSuiteInput {
  suite: LoadedSuite;
  /** The manifest of the index of the suite's source. */
  manifest: IndexManifest;
  /** The indexed page texts (see `rebuildPageTexts`). */
  pageTexts: PageTexts;
  /** The configured refusal string of the suite's source; `undefined` when the source is not configured. */
  configuredRefusal: string | undefined;
  /** The text of `suite.json`, to point settings problems at their line (default line 1). */
  settingsText?: string;
}

/** The verdict on a suite against an index. */
export interface SuiteCheck {
  /** Every problem of the suite, by file then line; empty when the suite can be run. */
  problems: SuiteProblem[];
  /** The located expected quotes of every case that parsed, by case id (located quotes only). */
  evidence: ReadonlyMap<string, LocatedEvidence[]>;
  /** Byte-identical duplicates of the index, both ways: a quote on either document counts for the other. */
  aliases: DocumentAliases;
  /** How many expected quotes the suite has, and how many were located. */
  quotes: { total: number; located: number };
}

/**
 * Checks a loaded suite against the index it runs on: keeps `loadSuite`'s problems (malformed
 * lines, duplicate ids, perturbations without their base) with a category each, checks the suite
 * settings against the configured source, and locates every expected quote in the indexed text of
 * its page — an unknown (or skipped) document, a page out of range, or a quote not found is a
 * problem on the quote's line. A quote on a byte-identical duplicate is read in the document it
 * duplicates. A located quote also records where else it occurs word for word (`copies`). Pure: the caller reads the files and the index.
 */
export function checkSuite(input: CheckSuiteInput): SuiteCheck {
  const { suite, manifest, pageTexts } = input;
  const problems: SuiteProblem[] = categoriseLoadProblems(suite);
  problems.push(...checkSettings(input));

  const documents = new Map(manifest.documents.map((document) => [document.doc, document]));
  const aliases: Record<string, string[]> = {};
  for (const document of manifest.documents) {
    if (document.status === 'duplicate' && document.duplicateOf !== undefined) aliases[document.doc] = [document.duplicateOf];
  }
  const tokenCache = new Map<string, PageTokens>();
  const tokensOf = (doc: string, page: number): PageTokens => {
    const key = `${doc}\u0000${page}`;
    let tokens = tokenCache.get(key);
    if (tokens === undefined) tokenCache.set(key, (tokens = tokenisePage(pageTexts.get(doc)?.get(page) ?? '')));
    return tokens;
  };

  const findCopies = createVerbatimCopyFinder(pageTexts);
  const evidence = new Map<string, LocatedEvidence[]>();
  let total = 0;
  let located = 0;
  const entries: GoldenEntry<BaselineCase | PerturbationCase>[] = [...suite.baseline, ...suite.perturbations];
  for (const entry of entries) {
    const found: LocatedEvidence[] = [];
    for (const [index, expected] of entry.value.evidence.entries()) {
      total += 1;
      const at = (field: string, category: SuiteProblemCategory, message: string): SuiteProblem => ({
        ...entry.location,
        field: `evidence.${index}.${field}`,
        category,
        message,
      });
      const document = documents.get(expected.doc);
      if (document === undefined) {
        problems.push(at('doc', 'unknown_document', unknownDocumentMessage(expected.doc, manifest)));
        continue;
      }
      if (document.status === 'skipped') {
        problems.push(at('doc', 'unknown_document', `document ${JSON.stringify(expected.doc)} was skipped by the ingest (${document.reason}${document.message ? `: ${document.message}` : ''}); its text is not indexed`));
        continue;
      }
      const textDocument = resolveDuplicate(document, documents);
      if (expected.page > textDocument.pages) {
        const pages = textDocument.pages === 1 ? '1 page' : `${textDocument.pages} pages`;
        problems.push(at('page', 'page_out_of_range', `page ${expected.page} is out of range: ${JSON.stringify(expected.doc)} has ${pages} in the index`));
        continue;
      }
      const location = locateQuoteInTokens(expected.quote, tokensOf(textDocument.doc, expected.page));
      if (!location.found || location.span === undefined) {
        problems.push(at('quote', 'quote_not_found', quoteNotFoundMessage(expected.quote, expected.page, textDocument, location.score, location.missingTokens, tokensOf)));
        continue;
      }
      located += 1;
      const place = { doc: textDocument.doc, page: expected.page, start: location.span.start };
      const copies = findCopies(expected.quote, new Set([expected.doc, textDocument.doc]), place);
      found.push({
        doc: expected.doc,
        page: expected.page,
        quote: expected.quote,
        start: location.span.start,
        end: location.span.end,
        score: location.score,
        ...(copies.length > 0 ? { copies } : {}),
      });
    }
    if (!evidence.has(entry.value.id)) evidence.set(entry.value.id, found);
  }

  const fileOrder = [path.join(suite.directory, 'suite.json'), path.join(suite.directory, 'baseline.jsonl'), path.join(suite.directory, 'perturb.jsonl')];
  problems.sort((a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line || (a.field ?? '').localeCompare(b.field ?? ''));
  return { problems, evidence, aliases, quotes: { total, located } };
}

function categoriseLoadProblems(suite: LoadedSuite): SuiteProblem[] {
  // loadSuite merges its problems without a kind; the entries that parsed tell them apart: a
  // problem on a line that did not parse is a malformed line, one on a parsed line contradicts
  // another case (a repeated id, an unknown base, an impossible expectation).
  const lineKey = (file: string, line: number) => `${file}:${line}`;
  const parsed = new Map<string, GoldenEntry<BaselineCase | PerturbationCase>>();
  for (const entry of [...suite.baseline, ...suite.perturbations]) parsed.set(lineKey(entry.location.file, entry.location.line), entry);
  const baselineIds = new Set(suite.baseline.map((entry) => entry.value.id));
  const settingsFile = path.join(suite.directory, 'suite.json');
  return suite.problems.map((problem): SuiteProblem => {
    if (problem.file === settingsFile) return { ...problem, category: 'suite_settings' };
    const entry = parsed.get(lineKey(problem.file, problem.line));
    if (entry === undefined) return { ...problem, category: 'malformed_line' };
    if (problem.field === 'id') return { ...problem, category: 'duplicate_id' };
    if (problem.field === 'base_id' && 'base_id' in entry.value && !baselineIds.has(entry.value.base_id)) return { ...problem, category: 'missing_base' };
    return { ...problem, category: 'invalid_case' };
  });
}

function checkSettings(input: CheckSuiteInput): SuiteProblem[] {
  const { suite, configuredRefusal, settingsText } = input;
  const file = path.join(suite.directory, 'suite.json');
  const lineOf = (field: string) => {
    const index = (settingsText ?? '').split(/\r?\n/).findIndex((line) => line.includes(`"${field}"`));
    return index === -1 ? 1 : index + 1;
  };
  const source = suite.settings.source;
  if (configuredRefusal === undefined) {
    return [{ file, line: lineOf('source'), field: 'source', category: 'suite_settings', message: `source ${JSON.stringify(source)} is not configured (see sources in .clausegate.json)` }];
  }
  if (suite.settings.refusal !== configuredRefusal) {
    return [
      {
        file,
        line: lineOf('refusal'),
        field: 'refusal',
        category: 'suite_settings',
        message: `refusal ${JSON.stringify(suite.settings.refusal)} differs from source ${JSON.stringify(source)}'s configured refusal ${JSON.stringify(configuredRefusal)}; every should-refuse case would fail`,
      },
    ];
  }
  return [];
}

function resolveDuplicate(document: ManifestDocument, documents: ReadonlyMap<string, ManifestDocument>): ManifestDocument {
  if (document.status !== 'duplicate' || document.duplicateOf === undefined) return document;
  return documents.get(document.duplicateOf) ?? document;
}

function unknownDocumentMessage(doc: string, manifest: IndexManifest): string {
  const base = path.posix.basename(doc).toLowerCase();
  const similar = manifest.documents.filter((document) => path.posix.basename(document.doc).toLowerCase() === base);
  const hint = similar.length === 1 ? `; did you mean ${JSON.stringify(similar[0]!.doc)}?` : `; the index has ${manifest.documents.length} documents (harness list --source ${manifest.source})`;
  return `document ${JSON.stringify(doc)} is not in the index of source ${JSON.stringify(manifest.source)}${hint}`;
}

function quoteNotFoundMessage(
  quote: string,
  page: number,
  document: ManifestDocument,
  score: number,
  missing: readonly string[],
  tokensOf: (doc: string, page: number) => PageTokens,
): string {
  const shown = missing.slice(0, 6).map((token) => JSON.stringify(token)).join(', ');
  let message = `quote not found on page ${page} of ${JSON.stringify(document.doc)} (best window holds ${Math.round(score * 100)}% of its tokens${shown ? `; missing ${shown}${missing.length > 6 ? ', …' : ''}` : ''})`;
  for (let other = 1; other <= document.pages; other += 1) {
    if (other === page) continue;
    if (locateQuoteInTokens(quote, tokensOf(document.doc, other)).found) {
      message += `; it is on page ${other}`;
      break;
    }
  }
  return message;
}
