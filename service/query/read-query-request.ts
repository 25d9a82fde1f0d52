import { sanitiseQuestion } from '../../pipeline/index.ts';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
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
  hiddenDocuments: Set<string>;
  allowsDocument: (doc: string) => boolean;
}

// C0 and C1 control characters and the Unicode line/paragraph separators; tabs and newlines become spaces.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Checks a request before any work: strips control characters, enforces `RAG_MAX_QUERY_LENGTH`
 * (400 `query_too_long`), flags injection patterns (400 `injection_rejected` with
 * `RAG_REJECT_INJECTION=true`), resolves the sources (only the tenant's own; another's is 404
 * `source_not_found`, saying nothing of it), the template (404 `template_not_found`) and the
 * document filters.
 */
export function readQueryRequest(state: ServiceState, tenant: TenantConfig, request: QueryRequest): ReadQuery {
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
  const template = state.templates.get(request.template_id ?? settings.RAG_DEFAULT_TEMPLATE);
  const hiddenDocuments = new Set<string>();
  if (!tenant.canSeeConfidential) {
    for (const source of requested) for (const doc of state.tenants.sources[source]?.confidentialDocuments ?? []) hiddenDocuments.add(doc);
  }
  if (request.include_trace && hiddenDocuments.size > 0) {
    throw new ServiceError('forbidden', 'include_trace needs permission to read every document of the sources asked (the trace holds their text)', 'ask without include_trace, or use a tenant with canSeeConfidential');
  }
  const { doc_types: docTypes, date_range_start: start, date_range_end: end } = request.filters;
  const dates = Object.assign({}, ...requested.map((source) => state.tenants.sources[source]?.documentDates ?? {})) as Record<string, string>;
  const allowsDocument = (doc: string) => {
    if (docTypes !== undefined && !docTypes.some((type) => doc.toLowerCase().endsWith(`.${type}`))) return false;
    if (start === undefined && end === undefined) return true;
    const date = dates[doc];
    if (date === undefined) return false;
    return (start === undefined || date >= start) && (end === undefined || date <= end);
  };
  return { query, sources: [...requested], template, topK: request.top_k ?? settings.RAG_DEFAULT_TOP_K, injectionFlags, hiddenDocuments, allowsDocument };
}
