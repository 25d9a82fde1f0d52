import { hasMoneyAmount, isCellRow } from '../text/index.ts';
import type { RankedCandidate } from './rerank-candidates.ts';

/** At most this many notes join the evidence: the notes under one table or two. */
const MAX_TABLE_NOTES = 2;

// A numbered note line: `4. The archive fee is waived for members of the pilot scheme.`
const NOTE_LINE = /^\d{1,2}\.\s+\S/;

/**
 * A table's notes go with it. A fee table prices its rows; the numbered notes under it (`4. The
 * archive fee is waived for members of the pilot scheme.`, `9. Charged once per office, however many
 * screens.`) say when a row applies, what it includes, how it is counted. Extraction drops the superscript
 * marker that tied a row to its note, and the notes, chunked apart, rank below the table for a
 * question that asks about both (`what is the archive fee, and who is spared it?`). So for each
 * evidence chunk holding a priced table row, the ranked candidates of the same document, on its page
 * or the next, that are runs of numbered notes (`isNotesChunk`) join the evidence after it, best
 * ranked first, at most `MAX_TABLE_NOTES` in all. The gate has judged the question already: notes
 * add to what a passed question is answered from, never to whether it is answered.
 */
export function findTableNotes(evidence: readonly RankedCandidate[], ranked: readonly RankedCandidate[]): RankedCandidate[] {
  const tables = evidence.filter((candidate) => holdsPricedRow(candidate.chunk.text));
  if (tables.length === 0) return [];
  const present = new Set(evidence.map((candidate) => candidate.chunk.chunkId));
  const notes: RankedCandidate[] = [];
  for (const candidate of ranked) {
    if (notes.length >= MAX_TABLE_NOTES) break;
    if (present.has(candidate.chunk.chunkId) || !isNotesChunk(candidate.chunk.text)) continue;
    const { doc, pageStart } = candidate.chunk;
    if (tables.some((table) => table.chunk.doc === doc && pageStart >= table.chunk.pageStart && pageStart <= table.chunk.pageEnd + 1)) notes.push(candidate);
  }
  return notes;
}

/** Whether a chunk is a run of numbered notes: it opens with one, and at least half its lines are. */
export function isNotesChunk(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0 || !NOTE_LINE.test(lines[0]!.trim())) return false;
  return lines.filter((line) => NOTE_LINE.test(line.trim())).length * 2 >= lines.length;
}

/** Whether a chunk holds a table row (cells joined by ` | `) that states an amount. */
function holdsPricedRow(text: string): boolean {
  return text.split('\n').some((line) => isCellRow(line) && hasMoneyAmount(line));
}
