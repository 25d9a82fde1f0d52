// `npx tsx harness/bench/measure-index-open.ts [--index-dir DIR] [--source NAME] [--suite SUITE] [--questions N]`
// (defaults: .clausegate/index, cme, cme, every question; 0 = `openIndex` only): what opening an index and answering from it cost, in one
// process with the offline provider: `openIndex` (median of 5), `openAnswerPipeline` (median of 3,
// with the reranker's preparation), the first question after open, then warm `answerQuestion` over
// the suite's golden questions (10 untimed, the rest timed: p50/p95 overall and per stage, from each
// answer's `latencyMs`). The 100× synthetic index of `measure-store-scale.ts 100 --keep DIR` is
// `--index-dir DIR/x100 --source scale --settings-of cme` (its chunks are the CME chunks, so the CME questions apply).
// Not a test: run it by hand, the figures go to the README.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { openIndex } from '../../pipeline/store/index.ts';
import { benchConfig } from './bench-config.ts';
import { median, percentile } from './bench-statistics.ts';
import { readGoldenQuestions } from './embed-golden-questions.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
};
const indexDir = path.resolve(option('--index-dir', path.join(repoRoot, '.clausegate/index')));
const source = option('--source', 'cme');
const suite = option('--suite', 'cme');
const questionLimit = Number(option('--questions', 'Infinity'));
// The synthetic 100× index was embedded with the CME source's settings (its embedder version
// includes them): `--settings-of cme` queries it with those.
const settingsOf = option('--settings-of', source);
const config = benchConfig(indexDir);
config.sources[source] = config.sources[settingsOf]!;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const milliseconds = (values: readonly number[]) => `median ${median(values).toFixed(0)} ms [${values.map((value) => value.toFixed(0)).join(', ')}]`;

const openings: number[] = [];
for (let round = 0; round < 5; round += 1) {
  const started = performance.now();
  const index = await openIndex(indexDir, source);
  openings.push(performance.now() - started);
  await index.close();
}
console.log(`${source} under ${indexDir} (load average ${loadAverage()})`);
console.log(`openIndex: ${milliseconds(openings)}`);

if (questionLimit === 0) process.exit(0);
const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
const pipelineOpenings: number[] = [];
for (let round = 0; round < 2; round += 1) {
  const started = performance.now();
  const pipeline = await openAnswerPipeline(config, environment, source);
  pipelineOpenings.push(performance.now() - started);
  await pipeline.close();
}
let started = performance.now();
const pipeline = await openAnswerPipeline(config, environment, source);
pipelineOpenings.push(performance.now() - started);
console.log(`openAnswerPipeline (index + providers + reranker preparation): ${milliseconds(pipelineOpenings)}`);

const questions = readGoldenQuestions(repoRoot, suite).slice(0, questionLimit);
started = performance.now();
await answerQuestion(pipeline, questions[0]!);
console.log(`first question after open: ${(performance.now() - started).toFixed(0)} ms`);

for (const question of questions.slice(1, 11)) await answerQuestion(pipeline, question);
const totals: number[] = [];
const stages = new Map<string, number[]>();
for (const question of questions.slice(11)) {
  started = performance.now();
  const result = await answerQuestion(pipeline, question);
  totals.push(performance.now() - started);
  for (const [stage, value] of Object.entries(result.latencyMs ?? {})) {
    if (stage === 'total') continue;
    stages.set(stage, [...(stages.get(stage) ?? []), value]);
  }
}
await pipeline.close();
console.log(`warm answerQuestion over ${totals.length} questions: p50 ${median(totals).toFixed(1)} ms, p95 ${percentile(totals, 0.95).toFixed(1)} ms`);
console.log(
  `per stage (p50 / p95 ms): ${[...stages].map(([stage, values]) => `${stage} ${median(values).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`).join(', ')}`,
);
console.log(`load average after: ${loadAverage()}`);
