// Benchmark 3 of `npm run bench`: chunking a document that is one single line (no line break, the
// shape that once took 720 s for 20 MB), at 1, 5 and 20 MB, for two kinds of text: prose-like words
// and a run without any whitespace (base64-like). Linear time means the 20 MB time is about 20× the
// 1 MB time (the first size also pays for loading the tokenizer ranks). Run alone:
// `npx tsx harness/bench/bench-long-line.ts`.
import { chunkSections } from '../../pipeline/chunk/index.ts';
import type { ExtractedDocument } from '../../pipeline/types.ts';

const WORDS = ['licensee', 'shall', 'pay', 'the', 'fee', 'of', '$134.50', 'per', 'device', 'monthly', 'subscriber', 'means', 'any', 'person', 'data'];

function wordsLine(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index += 1) {
    const word = WORDS[(index * 7 + (index >> 3)) % WORDS.length]!;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

function runLine(bytes: number): string {
  const characters = new Array<string>(bytes);
  let state = 12_345;
  for (let index = 0; index < bytes; index += 1) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    characters[index] = String.fromCharCode(97 + ((state >> 16) % 26));
  }
  return characters.join('');
}

function timeChunking(text: string): { ms: number; chunks: number; maxTokens: number } {
  const document: ExtractedDocument = { format: 'txt', pages: [{ page: 1, text: `Heading\n${text}` }], headings: [], warnings: [] };
  const started = performance.now();
  const chunks = chunkSections({ document, doc: 'long-line.txt', source: 'bench', docHash: '0'.repeat(64), maxTokens: 320, minTokens: 40 });
  return { ms: performance.now() - started, chunks: chunks.length, maxTokens: Math.max(...chunks.map((chunk) => chunk.tokenCount)) };
}

/** Prints the chunking time of single-line documents of growing size. */
export function benchLongLine(): void {
  console.log('\n## Chunking a single-line document (linear time)');
  for (const [kind, make] of [['words', wordsLine], ['no whitespace', runLine]] as const) {
    const times: number[] = [];
    for (const megabytes of [1, 5, 20]) {
      const result = timeChunking(make(megabytes * 1_000_000));
      times.push(result.ms);
      console.log(`${kind.padEnd(13)} ${String(megabytes).padStart(2)} MB: ${(result.ms / 1000).toFixed(2)} s, ${result.chunks} chunks (largest ${result.maxTokens} tokens)`);
    }
    console.log(`${kind.padEnd(13)} 20 MB / 1 MB time: ${(times[2]! / times[0]!).toFixed(1)}× (linear ≈ 20×; goal: 20 MB in seconds: ${times[2]! < 60_000 ? 'met' : 'NOT met'})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchLongLine();
