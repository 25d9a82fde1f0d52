/** What a masked secret reads as. */
export const REDACTED = '[redacted]';

const BEARER = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
const OPENAI_KEY = /\bsk-[A-Za-z0-9_-]{8,}/g;
const NAMED_SECRET = /\b((?:x-)?(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|secret|password|authorization)["']?\s*[:=]\s*["']?)(?!\[redacted\])([^\s"',;}]{8,})/gi;

/**
 * Masks secrets in text that came from outside the program (a provider's error body, its reply):
 * each of `known` (the configured API key) wherever it occurs, `Bearer …`/`Basic …` credentials,
 * `sk-…`-shaped keys, and values named like a key, token, secret or password (`"api_key": "…"`,
 * `token=…`). Everything else is kept, so the message still says what went wrong.
 */
export function redactSecrets(text: string, known: readonly (string | undefined)[] = []): string {
  let result = text;
  for (const secret of known) {
    // A short "key" would mask ordinary words; real keys are long.
    if (secret !== undefined && secret.length >= 8) result = result.split(secret).join(REDACTED);
  }
  return result
    .replace(BEARER, (_match, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
    .replace(OPENAI_KEY, `sk-${REDACTED}`)
    .replace(NAMED_SECRET, (_match, name: string) => `${name}${REDACTED}`);
}
