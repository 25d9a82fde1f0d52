// Invisible or control characters: C0/C1 controls (newline and tab are handled before this runs),
// format characters (soft hyphen, zero-width characters, bidirectional overrides and isolates, the
// byte-order mark, Unicode tag characters that can smuggle hidden ASCII) and variation selectors.
const INVISIBLE = /[\p{Cc}\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;

// Brackets, and the look-alikes a model might read as brackets, become parentheses: the prompt's
// anchors and evidence headers are the only square brackets the model ever sees.
const OPENING_BRACKETS = /[[［⟦【〚〔]/g;
const CLOSING_BRACKETS = /[\]］⟧】〛〕]/g;

// The prompt's section markers are lines opening with `===`; evidence keeps at most two in a row.
const EQUALS_RUN = /[=＝]{3,}/g;

// Chat-template control sequences such as `<|im_start|>` are broken apart.
const CHAT_TEMPLATE_OPEN = /<\|/g;
const CHAT_TEMPLATE_CLOSE = /\|>/g;

/**
 * Makes untrusted text (evidence, the question, evidence header fields) safe to place inside the
 * frozen prompt, keeping its meaning for a reader:
 * - line breaks are normalised to `\n` (form feeds become line breaks, tabs become spaces);
 * - control, invisible format characters and variation selectors are removed;
 * - every square bracket (and its look-alikes) becomes a parenthesis, so no text can forge an anchor
 *   `[C12]` or an evidence header `[C9 | chunk_id=…]`;
 * - runs of three or more `=` become `==`, so no text can forge a section marker `=== … ===`;
 * - `<|` and `|>` become `< |` and `| >`, so no chat-template control sequence survives;
 * - trailing spaces are trimmed, runs of blank lines collapse to one, and the whole is trimmed.
 *
 * Idempotent (`sanitizePromptText(sanitizePromptText(x)) === sanitizePromptText(x)`), and it never
 * changes a digit, so figures in evidence keep their exact spelling.
 */
export function sanitizePromptText(text: string): string {
  const known = sanitised.get(text);
  if (known !== undefined) {
    sanitised.delete(text);
    sanitised.set(text, known);
    return known;
  }
  const result = sanitise(text);
  if (sanitised.size >= SANITISED_KEPT) sanitised.delete(sanitised.keys().next().value!);
  sanitised.set(text, result);
  return result;
}

// The same evidence is sanitised for its budget, its prompt block and again for a regeneration,
// in every question that retrieves it (and every replay of a what-if): the texts recently
// sanitised are kept, least recently used going first.
const SANITISED_KEPT = 4_096;
const sanitised = new Map<string, string>();

function sanitise(text: string): string {
  const withLines = text
    .replace(/\r\n?|[\u2028\u2029\u0085\f\v]/g, '\n')
    .replace(/\t/g, ' ');
  const visible = withLines.replace(INVISIBLE, (character) => (character === '\n' ? character : ''));
  const neutralised = visible
    .replace(OPENING_BRACKETS, '(')
    .replace(CLOSING_BRACKETS, ')')
    .replace(EQUALS_RUN, '==')
    .replace(CHAT_TEMPLATE_OPEN, '< |')
    .replace(CHAT_TEMPLATE_CLOSE, '| >');
  return neutralised
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
