import type { QueryResponse } from '../query/query-schemas.ts';

/** A Slack message with Block Kit blocks, as posted to a `response_url`. */
export interface SlackMessage {
  response_type: 'ephemeral' | 'in_channel';
  text: string;
  blocks: Array<Record<string, unknown>>;
}

/**
 * Renders a query response as Block Kit: the answer as a section and each citation as a context
 * block (`[C0] document, page 1 — section`); a refusal as a section marked as one, with its reason
 * code in a context block.
 */
export function renderSlackBlocks(question: string, response: QueryResponse): SlackMessage {
  const asked = { type: 'context', elements: [{ type: 'mrkdwn', text: `*Q:* ${escapeSlack(question)}` }] };
  if (response.refused) {
    return {
      response_type: 'ephemeral',
      text: response.answer ?? 'Refused',
      blocks: [
        asked,
        { type: 'section', text: { type: 'mrkdwn', text: `:no_entry_sign: *Not answered from the documents*\n${escapeSlack(response.answer ?? '')}` } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: `reason: \`${response.reason_code ?? 'unknown'}\`` }] },
      ],
    };
  }
  return {
    response_type: 'ephemeral',
    text: response.answer ?? '',
    blocks: [
      asked,
      { type: 'section', text: { type: 'mrkdwn', text: escapeSlack(response.answer ?? '') } },
      ...response.citations.map((citation) => ({
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `[${citation.citation_id}] ${escapeSlack(citation.doc)}, page ${citation.page}${citation.section ? ` — ${escapeSlack(citation.section)}` : ''}` }],
      })),
    ],
  };
}

/** Slack's three control characters in mrkdwn. */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
