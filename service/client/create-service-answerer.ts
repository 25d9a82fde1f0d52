import { AnswerResult, ClausegateError } from '../../pipeline/index.ts';

/** Options of `createServiceAnswerer`. */
export interface ServiceAnswererOptions {
  /** The service's base URL, `http://HOST:PORT`. */
  target: string;
  /** A tenant key that may read every document of the suite's source. */
  apiKey: string;
  /** The source to answer from (`filters.sources`). */
  source: string;
  /** The template to answer through (`template_id`); default the service's. */
  templateId?: string;
  fetch?: typeof fetch;
}

// The service's codes for the pipeline's own question errors, mapped back so a run scores them alike.
const PIPELINE_CODES: Record<string, 'question_too_long' | 'question_empty'> = { query_too_long: 'question_too_long', query_empty: 'question_empty' };

/**
 * Answers questions through a deployed service instead of in process: `POST /api/v1/rag/query` with
 * `include_trace`, returning the pipeline's `AnswerResult` from the response, so a harness run scores
 * a deployment exactly as it scores the code. An HTTP error becomes a `ClausegateError`
 * (`provider_unreachable` when the service cannot be reached, `provider_failed` otherwise); the
 * key never appears in a message.
 */
export function createServiceAnswerer(options: ServiceAnswererOptions): (question: string) => Promise<AnswerResult> {
  const fetchFunction = options.fetch ?? fetch;
  const url = new URL('/api/v1/rag/query', options.target).toString();
  return async (question) => {
    let response: Response;
    try {
      response = await fetchFunction(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ query: question, include_trace: true, filters: { sources: [options.source] }, ...(options.templateId === undefined ? {} : { template_id: options.templateId }) }),
      });
    } catch (error) {
      throw new ClausegateError('provider_unreachable', `the service at ${options.target} cannot be reached: ${(error as Error).message}`, { hint: 'start it with `harness serve` or fix --target' });
    }
    const body = (await response.json().catch(() => ({}))) as { trace?: unknown; error?: { code: string; message: string; fix: string } };
    if (!response.ok) {
      const code = body.error?.code ?? `http_${response.status}`;
      const pipelineCode = PIPELINE_CODES[code];
      if (pipelineCode !== undefined) throw new ClausegateError(pipelineCode, body.error?.message ?? code, { hint: body.error?.fix ?? '' });
      throw new ClausegateError('provider_failed', `the service at ${options.target} answered ${response.status} ${code}: ${body.error?.message ?? ''}`, { hint: body.error?.fix ?? 'see the service log' });
    }
    const parsed = AnswerResult.safeParse(body.trace);
    if (!parsed.success) {
      throw new ClausegateError('provider_bad_response', `the service at ${options.target} sent no valid trace`, { hint: 'the service must be a clausegate service of the same version' });
    }
    return parsed.data;
  };
}
