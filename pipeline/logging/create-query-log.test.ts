import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerResult } from '../answer-result.ts';
import { createQueryLog } from './create-query-log.ts';

function result(question: string): AnswerResult {
  return {
    schemaVersion: 1,
    status: 'refused',
    question,
    source: 'cme',
    answer: null,
    confidence: null,
    citations: [],
    refusal: { text: 'This is not addressed in the provided CME documents.', reason: 'confidence_too_low', detail: 'best 1' },
    error: null,
    evidence: [],
    candidates: [],
    drops: [],
    flags: { fallbackUsed: false, rerankFallback: false, hallucinationDetected: false, regenerated: false, gateDisabled: false, injectionFlags: [] },
    retrieval: { normalisedQuestion: question, forms: [], floor: 0.2, topSimilarity: 0.1, fallbackDetail: null, rerankMode: 'reranked', rerankError: null },
    gate: { decision: 'refuse', tier: 'rerank', reason: 'confidence_too_low', detail: 'best 1', questionTerms: [] },
    validation: null,
    generation: null,
    tokens: { question: 5, evidence: 0, prompt: 0, completion: 0 },
    promptSha256: 'a'.repeat(64),
    promptVersion: 'v1',
    latencyMs: { total: 3 },
    versions: { policy: 'p', index: 'i', embedder: 'e', reranker: 'r', generator: 'g', expansionRules: 'x1' },
  };
}

describe('createQueryLog', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const created = mkdtempSync(path.join(tmpdir(), 'clausegate-logs-'));
    folders.push(created);
    return created;
  };
  const now = () => new Date('2026-11-22T10:00:00Z');

  it('appends one audit line per question with the prompt hash, never the prompt text by default', () => {
    const logDir = folder();
    const log = createQueryLog({ logDir, maxBytes: 1_000_000, filesKept: 3, debug: false, logPromptText: false, now });
    log.record(result('first?'), 'SECRET PROMPT TEXT');
    log.record(result('second?'), 'SECRET PROMPT TEXT');
    const lines = readFileSync(path.join(logDir, 'queries.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.question)).toEqual(['first?', 'second?']);
    expect(lines[0]).toMatchObject({ timestamp: '2026-11-22T10:00:00.000Z', status: 'refused', refusalReason: 'confidence_too_low', promptSha256: 'a'.repeat(64) });
    expect(readFileSync(path.join(logDir, 'queries.jsonl'), 'utf8')).not.toContain('SECRET PROMPT TEXT');
    expect(existsSync(path.join(logDir, 'debug.jsonl'))).toBe(false);
  });

  it('logs the prompt text only when asked, and the whole trace to debug.jsonl and its sink with --debug', () => {
    const logDir = folder();
    const sink: string[] = [];
    const log = createQueryLog({ logDir, maxBytes: 1_000_000, filesKept: 3, debug: true, debugSink: (line) => sink.push(line), logPromptText: true, now });
    log.record(result('q?'), 'THE PROMPT');
    expect(readFileSync(path.join(logDir, 'queries.jsonl'), 'utf8')).toContain('THE PROMPT');
    const debug = JSON.parse(readFileSync(path.join(logDir, 'debug.jsonl'), 'utf8'));
    expect(debug.gate.reason).toBe('confidence_too_low');
    expect(sink).toHaveLength(1);
  });

  it('rotates by size and keeps the configured number of files', () => {
    const logDir = folder();
    const log = createQueryLog({ logDir, maxBytes: 1200, filesKept: 2, debug: false, logPromptText: false, now });
    for (let index = 0; index < 12; index += 1) log.record(result(`question number ${index}?`));
    expect(existsSync(path.join(logDir, 'queries.1.jsonl'))).toBe(true);
    expect(existsSync(path.join(logDir, 'queries.2.jsonl'))).toBe(true);
    expect(existsSync(path.join(logDir, 'queries.3.jsonl'))).toBe(false);
    const current = readFileSync(path.join(logDir, 'queries.jsonl'), 'utf8');
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(1200);
    expect(current).toContain('question number 11?');
  });
});
