import { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';

/** One `--set path=value` as typed. */
export interface WhatIfSetting {
  /** Dotted config path, e.g. `gate.relevanceThreshold`. */
  path: string;
  value: unknown;
}

/** A setting as applied: the path actually changed (see `applySettings`), and its value before and after. */
export interface AppliedSetting {
  requested: string;
  path: string;
  before: unknown;
  after: unknown;
  note?: string;
}

/**
 * The settings a what-if can recompute from stored traces without a model call: the gate, the
 * similarity floors, how many reranked candidates are kept, the evidence budget and the answer
 * length. Anything upstream of the stored scores (k values, fusion, expansions, chunking, models)
 * changes the candidates themselves and needs a real run.
 */
const REPLAYABLE = [
  /^gate\.(enabled|relevanceThreshold|minChunksRequired|minRetrievalScore|minTopRatio|coverageCheck)$/,
  /^retrieval\.(minSimilarity|fallbackMinSimilarity)$/,
  /^retrieval\.floorsByEmbedder\.[^.]+\.(minSimilarity|fallbackMinSimilarity)$/,
  /^rerank\.(keepMin|keepMax)$/,
  /^budget\.(maxChunks|maxChunksPerDocument|evidenceTokens|promptTokens|outputReserveTokens|hardCeilingTokens|maxChunkShare|duplicateOverlap)$/,
  /^generation\.(maxAnswerSentences|regenerateOnViolation)$/,
];

/** True when `path` names a setting a what-if can recompute (see `applySettings`). */
export function isReplayableSetting(path: string): boolean {
  return REPLAYABLE.some((pattern) => pattern.test(path));
}

/** Parses `path=value`; the value is read as JSON (`3`, `0.25`, `true`) and otherwise kept as text. */
export function parseSetting(text: string): WhatIfSetting {
  const at = text.indexOf('=');
  const path = text.slice(0, at).trim();
  const raw = text.slice(at + 1).trim();
  if (at <= 0 || raw === '') {
    throw new ClausegateError('input_invalid', `--set ${JSON.stringify(text)} is not path=value`, { hint: 'for example --set gate.relevanceThreshold=3 --set retrieval.minSimilarity=0.25' });
  }
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: a plain string value.
  }
  return { path, value };
}

/**
 * Applies what-if settings to the config a report was run with and validates the result with the
 * config schema. `retrieval.minSimilarity` and `retrieval.fallbackMinSimilarity` are read by the
 * pipeline only for embedders without their own floors: when `embedderName` has an entry in
 * `retrieval.floorsByEmbedder`, the setting is applied to that entry instead (and the note says
 * so), because that is the floor the report's embedder actually used. Throws `input_invalid` for
 * a setting a what-if cannot recompute, `config_invalid` when the result breaks a config rule.
 */
export function applySettings(config: ClausegateConfig, settings: readonly WhatIfSetting[], embedderName: string): { config: ClausegateConfig; applied: AppliedSetting[] } {
  const copy = structuredClone(config) as unknown as Record<string, unknown>;
  const applied: AppliedSetting[] = [];
  for (const setting of settings) {
    if (!isReplayableSetting(setting.path)) {
      throw new ClausegateError('input_invalid', `${setting.path} cannot be recomputed from stored traces: it changes the candidates themselves, not the decisions made on their scores`, {
        hint: `what-if settings: gate.*, retrieval.minSimilarity, retrieval.fallbackMinSimilarity, retrieval.floorsByEmbedder.<embedder>.*, rerank.keepMin/keepMax, budget.*, generation.maxAnswerSentences/regenerateOnViolation; for ${setting.path} run the suite with a config that sets it`,
      });
    }
    const path = resolveSettingPath(config, setting.path, embedderName);
    const note = path === setting.path ? undefined : `the ${embedderName} embedder reads its own floor, so ${setting.path} was applied to ${path}`;
    const before = readPath(copy, path);
    writePath(copy, path, setting.value);
    applied.push({ requested: setting.path, path, before, after: setting.value, ...(note !== undefined ? { note } : {}) });
  }
  const parsed = ClausegateConfig.safeParse(copy);
  if (!parsed.success) {
    throw new ClausegateError('config_invalid', `the what-if config is not valid:\n${formatIssues(parsed.error.issues)}`, {
      hint: 'choose values the config allows (a fallback floor never above its floor; thresholds in range)',
    });
  }
  return { config: parsed.data, applied };
}

/**
 * The config path a what-if setting changes: itself, except that the similarity floors of an
 * embedder with its own entry in `retrieval.floorsByEmbedder` are that entry's.
 */
export function resolveSettingPath(config: ClausegateConfig, path: string, embedderName: string): string {
  const floor = /^retrieval\.(minSimilarity|fallbackMinSimilarity)$/.exec(path);
  return floor !== null && config.retrieval.floorsByEmbedder[embedderName] !== undefined ? `retrieval.floorsByEmbedder.${embedderName}.${floor[1]}` : path;
}

/** The value at a dotted path of a config (`undefined` when absent). */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function writePath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== 'object') current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys.at(-1)!] = value;
}
