/** Formats rows as a plain aligned text table with a header rule; cells are converted with String(). */
export function formatTable(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const [head, ...body] = cells;
  return [line(head!), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
