import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Embedder } from '../../pipeline/providers/embedder.ts';

/** The questions of a golden suite's `baseline.jsonl`, in file order. */
export function readGoldenQuestions(repoRoot: string, suite: string): string[] {
  return readFileSync(path.join(repoRoot, 'golden', suite, 'baseline.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { question: string }).question);
}

/** Each question's query vector from `embedder`, scaled to unit length. */
export async function embedQuestions(embedder: Pick<Embedder, 'embedQuery'>, questions: readonly string[]): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (const question of questions) vectors.push(normaliseVector(Float32Array.from(await embedder.embedQuery(question))));
  return vectors;
}

/** Scales `vector` to unit length in place (a zero vector stays zero) and returns it. */
export function normaliseVector(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let index = 0; index < vector.length; index += 1) vector[index]! *= scale;
  return vector;
}
