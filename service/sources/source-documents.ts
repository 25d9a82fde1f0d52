import { applyDocumentRules, ClausegateError, type IndexManifest, type SourceDocumentRule } from '../../pipeline/index.ts';

/** What the service knows of one indexed document, read from the index manifest. */
export interface DocumentFacts {
  /** The type `filters.doc_types` selects on (the source's rules, else the format). */
  docType: string;
  /** YYYY-MM-DD; undefined only in an index built before dates were recorded. */
  date: string | undefined;
  /** Only tenants with `canSeeConfidential` read its text. */
  confidential: boolean;
}

/** The indexed documents of one source version, with the values their filters may take. */
export interface SourceDocuments {
  readonly facts: ReadonlyMap<string, DocumentFacts>;
  /** Every document type of the source, sorted: the values `filters.doc_types` accepts. */
  readonly docTypes: readonly string[];
}

/**
 * Reads the indexed documents' type, date and confidentiality from an index manifest (an index built
 * before they were recorded gives the format as type, no date, not confidential). Throws
 * `config_invalid` when the source's current `documents` rules mark a document confidential that
 * the index does not: the service would show its text, so it refuses to serve until a re-ingest.
 */
export function readSourceDocuments(manifest: IndexManifest, rules: readonly SourceDocumentRule[]): SourceDocuments {
  const facts = new Map<string, DocumentFacts>();
  const unmarked: string[] = [];
  for (const document of manifest.documents) {
    if (document.status !== 'indexed') continue;
    const confidential = document.confidential === true;
    if (!confidential && applyDocumentRules(document.doc, rules).confidential === true) unmarked.push(document.doc);
    facts.set(document.doc, { docType: document.docType ?? document.format ?? 'unknown', date: document.date, confidential });
  }
  if (unmarked.length > 0) {
    throw new ClausegateError(
      'config_invalid',
      `source "${manifest.source}": the config marks ${unmarked.length} document(s) confidential that its index (${manifest.indexVersion}) does not: ${unmarked.join(', ')}`,
      { hint: `re-ingest so the index carries the marks: npx harness ingest --source ${manifest.source} (or POST /api/v1/rag/admin/reindex on a running service)` },
    );
  }
  return { facts, docTypes: [...new Set([...facts.values()].map((fact) => fact.docType))].sort() };
}
