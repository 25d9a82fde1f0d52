import type { SourceDocumentRule } from '../config/config-schema.ts';
import type { IndexManifestInput } from '../store/index.ts';
import type { Chunk } from '../types.ts';
import { findDocumentDate } from './find-document-date.ts';

type ManifestDocuments = IndexManifestInput['documents'];

/** Input of `describeDocuments`. */
export interface DescribeDocumentsInput {
  documents: ManifestDocuments;
  /** Every chunk of the new version (their text is where a document's date is read). */
  chunks: readonly Chunk[];
  /** The source's `documents` rules. */
  rules: readonly SourceDocumentRule[];
  /** The file's modification time, for a document whose text states no date. */
  modifiedAt: (doc: string) => Promise<Date>;
}

/**
 * Adds to every indexed document of a manifest what the service filters and redacts on: its type
 * (the last matching rule's `type`, else its format), its date (a rule's `date`, else the effective
 * or edition date its text states, else the file's mtime; `dateFrom` says which) and whether the
 * source marks it confidential. Skipped and duplicate documents are left as they are.
 */
export async function describeDocuments(input: DescribeDocumentsInput): Promise<ManifestDocuments> {
  const textOf = new Map<string, Chunk[]>();
  for (const chunk of input.chunks) {
    const list = textOf.get(chunk.doc) ?? [];
    list.push(chunk);
    textOf.set(chunk.doc, list);
  }
  const described: ManifestDocuments = [];
  for (const document of input.documents) {
    if (document.status !== 'indexed') {
      described.push(document);
      continue;
    }
    const rule = applyDocumentRules(document.doc, input.rules);
    const docType = rule.type ?? document.format ?? 'unknown';
    let date = rule.date;
    let dateFrom: 'config' | 'text' | 'mtime' = 'config';
    if (date === undefined) {
      const chunks = (textOf.get(document.doc) ?? []).sort((a, b) => a.ordinal - b.ordinal);
      const stated = findDocumentDate(chunks.map((chunk) => (chunk.sectionHeading ? `${chunk.sectionHeading}\n${chunk.text}` : chunk.text)).join('\n'));
      if (stated !== undefined) {
        date = stated.date;
        dateFrom = 'text';
      } else {
        date = (await input.modifiedAt(document.doc)).toISOString().slice(0, 10);
        dateFrom = 'mtime';
      }
    }
    described.push({ ...document, docType, date, dateFrom, confidential: rule.confidential ?? false });
  }
  return described;
}

/** What a source's `documents` rules say of one document: every matching rule, later ones over earlier ones. */
export function applyDocumentRules(doc: string, rules: readonly SourceDocumentRule[]): Omit<SourceDocumentRule, 'path'> {
  const marks: Omit<SourceDocumentRule, 'path'> = {};
  for (const rule of rules) {
    if (!matcherOf(rule.path)(doc)) continue;
    if (rule.type !== undefined) marks.type = rule.type;
    if (rule.confidential !== undefined) marks.confidential = rule.confidential;
    if (rule.date !== undefined) marks.date = rule.date;
  }
  return marks;
}

const matchers = new Map<string, (doc: string) => boolean>();

function matcherOf(pattern: string): (doc: string) => boolean {
  let matcher = matchers.get(pattern);
  if (matcher === undefined) {
    matcher = createPathMatcher(pattern);
    matchers.set(pattern, matcher);
  }
  return matcher;
}

/**
 * A matcher of a rule's `path`: exact, or with `*` (any characters but `/`) and `**` (any
 * characters, `/` included; `**\/` also matches no folder at all).
 */
export function createPathMatcher(pattern: string): (doc: string) => boolean {
  if (!pattern.includes('*')) return (doc) => doc === pattern;
  let expression = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*' && pattern[index + 1] === '*') {
      if (pattern[index + 2] === '/') {
        expression += '(?:.*/)?';
        index += 2;
      } else {
        expression += '.*';
        index += 1;
      }
    } else if (character === '*') expression += '[^/]*';
    else expression += character.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  const compiled = new RegExp(`^${expression}$`, 'u');
  return (doc) => compiled.test(doc);
}
