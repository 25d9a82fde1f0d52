// Child process of the scale benchmark: opens the scale source's index under <indexDir> (timed,
// several times), answers the generated questions warm (offline provider), and measures recall@10
// of the index's vector search against an exhaustive search over the stored vectors. Prints JSON.
import { readFileSync } from 'node:fs';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { openIndex } from '../../pipeline/store/index.ts';
import { benchConfig, SCALE_SOURCE } from './bench-config.ts';

const [indexDir, questionsFile] = process.argv.slice(2);
if (!indexDir || !questionsFile) throw new Error('usage: scale-query-child.ts <indexDir> <questions.json>');
const questions = JSON.parse(readFileSync(questionsFile, 'utf8')) as string[];
const config = benchConfig(indexDir);

const openMs: number[] = [];
for (let run = 0; run < 3; run += 1) {
  const started = performance.now();
  const index = await openIndex(indexDir, SCALE_SOURCE);
  openMs.push(performance.now() - started);
  await index.close();
}

const pipeline = await openAnswerPipeline(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, SCALE_SOURCE);
const warmUp = questions.slice(0, 10);
const measured = questions.slice(10);
for (const question of warmUp) await answerQuestion(pipeline, question);
const latencies: number[] = [];
for (const question of measured) {
  const started = performance.now();
  await answerQuestion(pipeline, question);
  latencies.push(performance.now() - started);
}

// Exhaustive cosine top 10 over every stored vector, against the index's own search.
const ids = [...pipeline.index.corpus.chunkIds];
const stored = await pipeline.index.vectorsFor(ids);
const rows = ids.map((id) => ({ id, vector: stored.get(id)!, norm: Math.hypot(...stored.get(id)!) }));
let found = 0;
let expected = 0;
for (const question of questions) {
  const query = await pipeline.embedder.embedQuery(question);
  const queryNorm = Math.hypot(...query);
  const scored = rows.map(({ id, vector, norm }) => {
    let dot = 0;
    for (let at = 0; at < vector.length; at += 1) dot += vector[at]! * query[at]!;
    return { id, score: norm === 0 || queryNorm === 0 ? 0 : dot / (norm * queryNorm) };
  });
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const truth = new Set(scored.slice(0, 10).map((hit) => hit.id));
  const hits = await pipeline.index.searchVectors(query, 10);
  found += hits.filter((hit) => truth.has(hit.chunkId)).length;
  expected += truth.size;
}
await pipeline.close();
process.stdout.write(`${JSON.stringify({ openMs, latencies, recallAt10: found / expected, recallQuestions: questions.length, chunks: ids.length, maxRssKb: process.resourceUsage().maxRSS })}\n`);
