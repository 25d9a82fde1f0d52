import type { Argv } from 'yargs';
import type { AnswerResult } from '../../pipeline/answer-result.ts';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { createQueryLog } from '../../pipeline/logging/create-query-log.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { describeFileSystemError } from '../cli-support/describe-file-system-error.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { resolveSource } from '../cli-support/resolve-source.ts';
import type { CommandIo } from '../cli.ts';

interface QueryOptions extends GlobalOptions {
  question: string;
  source?: string;
  json: boolean;
  format: 'text' | 'json' | 'markdown';
  debug: boolean;
  rerank: boolean;
  gate: boolean;
}

/** `harness query "question"`: answers one question, or refuses, with citations. */
export function registerQueryCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'query <question>',
    'Answer one question from a source\'s documents (or refuse when they are silent)',
    (command) =>
      command
        .positional('question', { type: 'string', demandOption: true, describe: 'the question, in quotes' })
        .option('source', { type: 'string', describe: 'source to answer from (default: the only indexed source, or defaultSource in the config; required when several are indexed)' })
        .option('format', { choices: ['text', 'json', 'markdown'] as const, default: 'text' as const, describe: 'text (the panel), json (the whole AnswerResult) or markdown (sentences as a list, then the sources)' })
        .option('json', { type: 'boolean', default: false, describe: 'the same as --format json' })
        .option('debug', { type: 'boolean', default: false, describe: 'write the whole trace to logs/debug.jsonl and stderr' })
        .option('rerank', { type: 'boolean', default: true, describe: 'rerank candidates (--no-rerank uses retrieval scores)' })
        .option('gate', { type: 'boolean', default: true, describe: 'apply the confidence gate (--no-gate is for diagnosis only)' }),
    async (argv) => {
      const options = argv as unknown as QueryOptions;
      const context = createContext(options, io);
      const source = resolveSource({ requested: options.source, config: context.config, among: 'indexed' });
      const pipeline = await openAnswerPipeline(context.config, context.environment, source);
      try {
        const result = await answerQuestion(pipeline, options.question, { rerank: options.rerank, gate: options.gate });
        // The answer is printed before it is logged: a log that cannot be written (a full or
        // read-only disk) must not hide an answer already computed.
        const format = options.json ? 'json' : options.format;
        context.stdout(format === 'json' ? JSON.stringify(result, null, 2) : format === 'markdown' ? formatAnswerMarkdown(result) : formatAnswerPanel(result));
        try {
          const log = createQueryLog({
            logDir: context.config.paths.logDir,
            maxBytes: context.config.logging.auditMaxBytes,
            filesKept: context.config.logging.auditFilesKept,
            debug: options.debug,
            debugSink: (line) => context.stderr(line),
            logPromptText: context.config.logging.logPromptText,
            now: () => new Date(),
          });
          log.record(result);
        } catch (error) {
          const named = describeFileSystemError(error);
          if (named === undefined) throw error;
          context.stderr(`harness: the answer above was not written to the audit log: ${named.describe()}`);
          setExitCode(EXIT.infrastructure);
          return;
        }
        setExitCode(result.status === 'failed' ? EXIT.infrastructure : EXIT.ok);
      } finally {
        await pipeline.close();
      }
    },
  );
}

/**
 * The readable panel: a header naming the source and its index version, the answer (or refusal),
 * then citations as `document | section | page`.
 */
export function formatAnswerPanel(result: AnswerResult): string {
  const rule = '─'.repeat(72);
  const lines = [`source ${result.source} · index ${result.versions.index}`, rule, `Q: ${result.question}`, rule];
  if (result.status === 'answered') {
    lines.push(result.answer ?? '', '', `confidence: ${result.confidence ?? 'n/a'}`, '', 'Citations:');
    for (const citation of result.citations) {
      lines.push(`  [${citation.anchor}] ${citation.doc} | ${citation.sectionHeading || '(no section)'} | page ${citation.page}${citation.ocr ? ' (OCR)' : ''}`);
    }
  } else if (result.status === 'refused') {
    lines.push(result.refusal?.text ?? '', '', `refused in code: ${result.refusal?.reason} — ${result.refusal?.detail}`);
    lines.push(`generator calls: ${result.generation?.calls ?? 0}`);
  } else {
    lines.push(`FAILED (${result.error?.code}): ${result.error?.message}`);
  }
  const flags = Object.entries(result.flags).filter(([, value]) => value === true || (Array.isArray(value) && value.length > 0));
  if (flags.length > 0) lines.push('', `flags: ${flags.map(([name, value]) => (Array.isArray(value) ? `${name}=${value.join(',')}` : name)).join(' ')}`);
  lines.push(rule, `${Math.round(result.latencyMs.total ?? 0)} ms · prompt ${result.promptSha256?.slice(0, 12) ?? '—'} · policy ${result.versions.policy}`);
  return lines.join('\n');
}

/**
 * The answer as Markdown: the question, a line naming the source, index version and confidence,
 * each sentence as a list item with its `[C#]`, then the sources with the quoted line; a refusal
 * as its text and the reason it was refused.
 */
export function formatAnswerMarkdown(result: AnswerResult): string {
  const lines = [`**Q:** ${result.question}`, '', `*source ${result.source} · index ${result.versions.index}${result.confidence ? ` · confidence ${result.confidence}` : ''}*`, ''];
  if (result.status === 'answered') {
    for (const sentence of (result.answer ?? '').split('\n').filter((line) => line.trim() !== '')) lines.push(`- ${sentence}`);
    lines.push('', '**Sources**', '');
    for (const citation of result.citations) {
      lines.push(`- [${citation.anchor}] ${citation.doc}, ${citation.sectionHeading || '(no section)'}, page ${citation.page}: “${citation.quote}”`);
    }
  } else if (result.status === 'refused') {
    lines.push(result.refusal?.text ?? '', '', `*refused in code: ${result.refusal?.reason} — ${result.refusal?.detail}*`);
  } else {
    lines.push(`**Failed** (${result.error?.code}): ${result.error?.message}`);
  }
  return lines.join('\n');
}
