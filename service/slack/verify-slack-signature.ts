import { createHmac, timingSafeEqual } from 'node:crypto';

/** The oldest a Slack request may be: Slack's own replay window, 5 minutes. */
export const SLACK_MAX_AGE_SECONDS = 5 * 60;

/** Why a Slack request was not accepted, or `ok`. */
export type SlackSignatureCheck = 'ok' | 'missing_headers' | 'stale_timestamp' | 'bad_signature';

/**
 * Verifies Slack's v0 request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}`
 * with the signing secret, compared in constant time; a timestamp more than 5 minutes from `nowSeconds`
 * is refused (replay).
 */
export function verifySlackSignature(input: { signingSecret: string; timestamp: string | undefined; signature: string | undefined; rawBody: string; nowSeconds: number }): SlackSignatureCheck {
  if (input.timestamp === undefined || input.signature === undefined || !/^\d+$/.test(input.timestamp)) return 'missing_headers';
  if (Math.abs(input.nowSeconds - Number(input.timestamp)) > SLACK_MAX_AGE_SECONDS) return 'stale_timestamp';
  const expected = Buffer.from(`v0=${createHmac('sha256', input.signingSecret).update(`v0:${input.timestamp}:${input.rawBody}`, 'utf8').digest('hex')}`, 'utf8');
  const presented = Buffer.from(input.signature, 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? 'ok' : 'bad_signature';
}

/** Signs a body as Slack does (for tests and for local tries with curl). */
export function signSlackRequest(signingSecret: string, timestamp: number, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`, 'utf8').digest('hex')}`;
}
