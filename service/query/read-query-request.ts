import { sanitiseQuestion } from '../../pipeline/index.ts';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import type { SourceDocuments } from '../sources/source-documents.ts';
import type { PromptTemplate } from '../templates/prompt-template.ts';
import type { TenantConfig } from '../tenants/tenant-registry.ts';
import type { QueryRequest } from './query-schemas.ts';

/** A query request checked against the settings and the caller: clean text, sources, template, limits. */
export interface ReadQuery {
  query: string;
  sources: string[];
  template: PromptTemplate;
  topK: number;
  injectionFlags: string[];
  /** Per source: the documents whose text this caller may not read ("[REDACTED]"). */
  hidden: ReadonlyMap<string, ReadonlySet<string>>;
  /** Per source, when the request filters by type or date: the only documents retrieval may read. */
  allowed: ReadonlyMap<string, ReadonlySet<string>> | undefined;
}

// C0 and C1 control characters and the Unicode line/paragraph separators; tabs and newlines become spaces.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Checks a request before any work: strips control characters, enforces `RAG_MAX_QUERY_LENGTH`
 * (400 `query_too_long`), flags injection patterns (400 `injection_rejected` with
 * `RAG_REJECT_INJECTION=true`), resolves the sources (only the tenant's own; another's is 404
 * `source_not_found`, saying nothing of it), the template (404 `template_not_found`) and the
 * document filters against the indexed documents: an unknown type is 400 `filter_invalid` naming the
 * types there are; the documents of the types and dates asked become retrieval's allow-list.
 */
export async function readQueryRequest(state: ServiceState, tenant: TenantConfig, request: QueryRequest): Promise<ReadQuery> {
  const { settings } = state;
  const query = request.query.replace(CONTROL, '').replace(/[\t\r\n]+/g, ' ').trim();
  if (query.length === 0) throw new ServiceError('query_empty', 'the query is empty once control characters are removed', 'send the question as text in "query"');
  if (query.length > settings.RAG_MAX_QUERY_LENGTH) {
    throw new ServiceError('query_too_long', `the query has ${query.length} characters; the limit is ${settings.RAG_MAX_QUERY_LENGTH} (RAG_MAX_QUERY_LENGTH)`, `shorten the question to at most ${settings.RAG_MAX_QUERY_LENGTH} characters or split it`);
  }
  // Only a rejecting service reads the patterns before the cache: otherwise the pipeline flags them
  // on a miss and a hit returns the flags stored with the answer, without counting tokens again.
  const injectionFlags = settings.RAG_REJECT_INJECTION ? sanitiseQuestion(query, { maxTokens: state.config.question.maxTokens }).injectionFlags : [];
  if (injectionFlags.length > 0) {
    throw new ServiceError('injection_rejected', `the query looks like a prompt injection (${injectionFlags.join(', ')})`, 'ask about the documents only; instructions to the model are not accepted');
  }
  const requested = request.filters.sources ?? tenant.sources;
  for (const source of requested) {
    if (!tenant.sources.includes(source)) {
      throw new ServiceError('source_not_found', `source "${source}" is not one of yours`, `ask about your sources: ${tenant.sources.join(', ')}`);
    }
  }
  const template = await state.templates.get(request.template_id ?? settings.RAG_DEFAULT_TEMPLATE);
  const documents = new Map(requested.map((source) => [source, state.indexes.documents(source)]));
  const hidden = new Map<string, Set<string>>();
  for (const [source, indexed] of documents) {
    const secret = new Set([...indexed.facts].flatMap(([doc, fact]) => (fact.confidential && !tenant.canSeeConfidential ? [doc] : [])));
    if (secret.size > 0) hidden.set(source, secret);
  }
  if (request.include_trace && hidden.size > 0) {
    throw new ServiceError('forbidden', 'include_trace needs permission to read every document of the sources asked (the trace holds their text)', 'ask without include_trace, or use a tenant with canSeeConfidential');
  }
  return { query, sources: [...requested], template, topK: request.top_k ?? settings.RAG_DEFAULT_TOP_K, injectionFlags, hidden, allowed: allowedDocuments(request.filters, documents) };
}

/** The allow-list of each source under the request's type and date filters; undefined without those filters. */
function allowedDocuments(filters: QueryRequest['filters'], documents: ReadonlyMap<string, SourceDocuments>): Map<string, Set<string>> | undefined {
  const { doc_types: docTypes, date_range_start: start, date_range_end: end } = filters;
  if (docTypes === undefined && start === undefined && end === undefined) return undefined;
  const known = [...new Set([...documents.values()].flatMap((indexed) => indexed.docTypes))].sort();
  docTypes?.forEach((type, position) => {
    if (!known.includes(type)) {
      throw new ServiceError('filter_invalid', `body.filters.doc_types.${position}: unknown document type "${type}"; the documents of the sources asked have the types ${known.join(', ')}`, `use one of: ${known.join(', ')}`);
    }
  });
  const allowed = new Map<string, Set<string>>();
  for (const [source, indexed] of documents) {
    const kept = new Set<string>();
    for (const [doc, fact] of indexed.facts) {
      if (docTypes !== undefined && !docTypes.includes(fact.docType)) continue;
      // An undated document (an index built before dates were recorded) is outside every date range.
      if ((start !== undefined || end !== undefined) && (fact.date === undefined || (start !== undefined && fact.date < start) || (end !== undefined && fact.date > end))) continue;
      kept.add(doc);
    }
    allowed.set(source, kept);
  }
  return allowed;
}
