/** What identifies an embedder; recorded in the index manifest so that vectors are never mixed. */
export interface EmbedderInfo {
  /** Implementation name, e.g. `offline-hashed-ngram` or `openai`. */
  name: string;
  model: string;
  dimensions: number;
  /** Version of the implementation's feature scheme; a change invalidates stored vectors. */
  version: string;
}

/**
 * Turns texts into vectors. Implementations must be deterministic for the same input, return
 * L2-normalised vectors of `info.dimensions` numbers, and keep input order. A vector depends only
 * on its text and the embedder's info, so stored vectors can be reused across ingests.
 */
export interface Embedder {
  readonly info: EmbedderInfo;
  /** Embeds document chunks (batched by the implementation). */
  embedDocuments(texts: readonly string[]): Promise<Float32Array[]>;
  /** Embeds one query. */
  embedQuery(text: string): Promise<Float32Array>;
}
