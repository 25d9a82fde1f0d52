/**
 * Joins `parts` with ` · ` into as few lines as fit in `width` columns; a part is never split, and a
 * part wider than `width` alone is cut with `…`. Continuation lines start with `indent`.
 */
export function joinToWidth(parts: readonly string[], width: number, indent = '  '): string {
  const lines: string[] = [];
  let line = '';
  for (const part of parts.filter((item) => item !== '')) {
    const candidate = line === '' ? part : `${line} · ${part}`;
    if (line !== '' && columnsOf(candidate) > width) {
      lines.push(line);
      line = `${indent}${part}`;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines.map((text) => cutToWidth(text, width)).join('\n');
}

/**
 * Wraps `text` at spaces into lines of at most `width` columns, keeping its leading spaces;
 * continuation lines start with `indent`.
 */
export function wrapToWidth(text: string, width: number, indent = '  '): string {
  const lines: string[] = [];
  let line = /^\s*/.exec(text)![0];
  const lead = line;
  for (const word of text.split(/\s+/).filter((item) => item !== '')) {
    const candidate = line === lead ? `${line}${word}` : `${line} ${word}`;
    if (line !== lead && columnsOf(candidate) > width) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = candidate;
  }
  if (line !== lead) lines.push(line);
  return lines.map((item) => cutToWidth(item, width)).join('\n');
}

/** `text` cut to `width` columns, ending in `…` when it was longer. */
export function cutToWidth(text: string, width: number): string {
  const characters = [...text];
  return characters.length <= width ? text : `${characters.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** The terminal width the CLI renders for: the terminal's own when stdout is one, else 100 columns. */
export function terminalColumns(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY === true && stream.columns !== undefined && stream.columns > 0 ? stream.columns : DEFAULT_COLUMNS;
}

/** The width rendered for when stdout is not a terminal (a pipe, a file, CI logs). */
export const DEFAULT_COLUMNS = 100;

function columnsOf(text: string): number {
  return [...text].length;
}
