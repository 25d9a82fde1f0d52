import { createRequire } from 'node:module';
import { Tiktoken } from 'js-tiktoken/lite';
const ranks = createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base');
const which = process.argv[2];
const t = performance.now();
if (which === 'a') new Tiktoken(ranks);
if (which === 'b') { const m = new Map(); for (const line of ranks.bpe_ranks.split('\n')) { if (!line) continue; const parts = line.split(' '); const offset = Number.parseInt(parts[1], 10); for (let i = 2; i < parts.length; i++) m.set(Buffer.from(parts[i], 'base64').join(','), offset + i - 2); } }
if (which === 'c') { const m = new Map(); for (const line of ranks.bpe_ranks.split('\n')) { if (!line) continue; const parts = line.split(' '); const offset = Number.parseInt(parts[1], 10); for (let i = 2; i < parts.length; i++) m.set(parts[i], offset + i - 2); } }
console.log(which, Math.round(performance.now() - t));
