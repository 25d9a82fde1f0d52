import type { StageMemo } from '../remember-stage.ts';

/** One evidence item as the generator sees it: anchor `C{n}` and the sanitised text. */
export interface GenerationEvidence {
  anchor: string;
  chunkId: string;
  doc: string;
  page: number;
  sectionHeading: string;
  text: string;
  /**
   * The question's document-naming terms (stems of a party or title) this evidence's document
   * answers for (`createDocumentTerms`): they chose the document, so every sentence of it holds them.
   * Not part of the prompt; absent when the question names no document.
   */
  documentTerms?: readonly string[];
  /**
   * When the question names two or more agreements (`the X licence versus the Y licence`), which of
   * them this evidence's document is (0 for the first named group, 1 for the next, …); absent when
   * the question names fewer, or this document is none of them. Not part of the prompt.
   */
  side?: number;
  /**
   * True when the question names one agreement (one group of documents, `readDocumentNames`) and this
   * evidence's document is of it; absent otherwise. Not part of the prompt.
   */
  named?: boolean;
}

/** What a generator is asked: the exact frozen prompt bytes plus the structured parts they were built from. */
export interface GenerationRequest {
  /** The frozen prompt text; providers that call a model send exactly these bytes. */
  prompt: string;
  promptSha256: string;
  question: string;
  evidence: readonly GenerationEvidence[];
  /** The exact refusal string of the source. */
  refusal: string;
  maxSentences: number;
  /**
   * Where a generator may keep what it reads from the question and from each evidence item, for the
   * same question asked again with other evidence (`AnswerOptions.stageMemo`, a what-if's replays);
   * it changes no answer. Model providers ignore it.
   */
  stageMemo?: StageMemo | undefined;
}

/** One answer sentence with the anchors (`C0`, `C1`, …) it rests on. */
export interface AnswerSentence {
  text: string;
  anchors: string[];
}

/** Telemetry of one generation. */
export interface GenerationTelemetry {
  model: string;
  promptSha256: string;
  attempts: number;
  latencyMs: number;
  promptTokens: number;
  completionTokens: number;
  finishReason: string;
  cached: boolean;
}

/** A generator's reply: an answer in sentences, or the refusal. */
export type GenerationOutput =
  | { kind: 'answer'; sentences: AnswerSentence[]; confidence: 'High' | 'Medium' | 'Low' }
  | { kind: 'refusal'; text: string };

/** A generator's reply with its telemetry. */
export interface GenerationResult {
  output: GenerationOutput;
  telemetry: GenerationTelemetry;
}

/** What identifies a generator in traces and reports. */
export interface GeneratorInfo {
  name: string;
  model: string;
}

/**
 * Renders an answer from the evidence only. Called only after the code-side gate let the question
 * through. Throws a `ClausegateError` on provider failure after its retries; never falls back.
 */
export interface Generator {
  readonly info: GeneratorInfo;
  generate(request: GenerationRequest): Promise<GenerationResult>;
}
