import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AnswerResult } from '../answer-result.ts';

/** Options of `createQueryLog`. */
export interface QueryLogOptions {
  logDir: string;
  /** Rotate `queries.jsonl` when it would exceed this many bytes. */
  maxBytes: number;
  /** How many rotated files to keep (`queries.1.jsonl` … `queries.N.jsonl`). */
  filesKept: number;
  /** Also write the debug log (`debug.jsonl`), and echo it to `debugSink`. */
  debug: boolean;
  debugSink?: (line: string) => void;
  /** Log the prompt text itself; by default only its sha256 is logged. */
  logPromptText: boolean;
  /** The clock, for timestamps. */
  now: () => Date;
}

/** The audit and debug logs of answered, refused and failed questions. */
export interface QueryLog {
  record(result: AnswerResult, prompt?: string): void;
}

/**
 * Creates the query logs: the audit log `queries.jsonl` (always on, one line per question, rotated by
 * size) and, with `debug`, `debug.jsonl` holding the whole trace. No secret is ever logged: records
 * are built from the `AnswerResult`, which holds no key, and prompt text only when asked.
 */
export function createQueryLog(options: QueryLogOptions): QueryLog {
  mkdirSync(options.logDir, { recursive: true });
  const auditFile = path.join(options.logDir, 'queries.jsonl');
  const debugFile = path.join(options.logDir, 'debug.jsonl');
  return {
    record(result, prompt) {
      const timestamp = options.now().toISOString();
      const audit = {
        timestamp,
        source: result.source,
        question: result.question,
        status: result.status,
        refusalReason: result.refusal?.reason ?? null,
        error: result.error?.code ?? null,
        citations: result.citations.map((citation) => ({ doc: citation.doc, page: citation.page, chunkId: citation.chunkId })),
        evidence: result.evidence.map((item) => item.chunkId),
        promptSha256: result.promptSha256,
        ...(options.logPromptText && prompt !== undefined ? { prompt } : {}),
        flags: result.flags,
        tokens: result.tokens,
        latencyMs: Math.round(result.latencyMs.total ?? 0),
        versions: result.versions,
      };
      appendRotating(auditFile, `${JSON.stringify(audit)}\n`, options.maxBytes, options.filesKept);
      if (options.debug) {
        const line = JSON.stringify({ timestamp, ...result, ...(options.logPromptText && prompt !== undefined ? { prompt } : {}) });
        appendRotating(debugFile, `${line}\n`, options.maxBytes, options.filesKept);
        options.debugSink?.(line);
      }
    },
  };
}

function appendRotating(file: string, line: string, maxBytes: number, filesKept: number): void {
  if (existsSync(file) && statSync(file).size + Buffer.byteLength(line) > maxBytes) {
    const extension = path.extname(file);
    const base = file.slice(0, -extension.length);
    rmSync(`${base}.${filesKept}${extension}`, { force: true });
    for (let index = filesKept - 1; index >= 1; index -= 1) {
      const from = `${base}.${index}${extension}`;
      if (existsSync(from)) renameSync(from, `${base}.${index + 1}${extension}`);
    }
    renameSync(file, `${base}.1${extension}`);
  }
  appendFileSync(file, line);
}
