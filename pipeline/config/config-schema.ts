import { z } from 'zod';

/**
 * The frozen policy version. Bump it whenever a default below changes, so that indexes, traces and
 * reports say which policy produced them.
 */
export const POLICY_VERSION = 'r2-2026.11.3';

/** The refusal text used for a source that does not set its own. */
export const DEFAULT_REFUSAL = 'This is not addressed in the provided documents.';

const positiveInteger = z.number().int().positive();
const share = z.number().min(0).max(1);

/** One query-expansion rule: when `pattern` (a whole-word, case-insensitive phrase) occurs, retrieval also runs with `expansion` in its place. */
export const ExpansionRule = z
  .object({
    pattern: z.string().min(1),
    expansion: z.string().min(1),
    /** Also apply from the expansion back to the pattern (an abbreviation and its long form); off for a one-way synonym. */
    reverse: z.boolean().default(true),
    note: z.string().optional(),
  })
  .strict();
export type ExpansionRule = z.infer<typeof ExpansionRule>;

/**
 * A named thing a source's questions may point at — an exchange, a product or a party — with its
 * other spellings. A question naming one is answered only from evidence that writes one of its
 * spellings (`CME Group` for `CME`); what a source's users name is the source's own knowledge, so the
 * list lives in its configuration, never in code.
 */
export const AnchorConfig = z
  .object({
    kind: z.enum(['exchange', 'product', 'party']),
    /** The usual name. */
    name: z.string().min(1),
    /** Other spellings of the same thing: abbreviations, full names, former names. */
    aliases: z.array(z.string().min(1)).default([]),
    /** Spellings that match only in exactly this letter case, because in lower case they are ordinary words (`ICE`). */
    exactCase: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type AnchorConfig = z.infer<typeof AnchorConfig>;

/**
 * What a source says of some of its documents (its manifest entries): `path` is a path relative to
 * the source root, or a pattern where `*` stands for any characters but `/` and `**` for any
 * characters (`notices/**`, `*.docx`). Every matching rule applies, later rules over earlier ones.
 * Ingest records the result per document in the index manifest, where the service reads it.
 */
export const SourceDocumentRule = z
  .object({
    path: z.string().min(1),
    /** The document type the service filters on (`filters.doc_types`); default the file's format (`pdf`, `docx`, `txt`). */
    type: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, - and _ (at most 40)').optional(),
    /** Only tenants with `canSeeConfidential` read this document's text; others get "[REDACTED]". */
    confidential: z.boolean().optional(),
    /** The document's date (YYYY-MM-DD) when its text does not say it; default the effective or edition date its text states, else the file's mtime. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD').optional(),
  })
  .strict();
export type SourceDocumentRule = z.infer<typeof SourceDocumentRule>;

/** A document source: a folder of documents indexed together, with its own frozen refusal text. */
export const SourceConfig = z
  .object({
    /** Where the documents are, relative to the working directory; default `<paths.rawRoot>/<name>`. */
    root: z.string().min(1).optional(),
    /** The exact refusal string for this source; frozen per source. */
    refusal: z.string().min(1).default(DEFAULT_REFUSAL),
    /** Words that name this source's documents (used by fallback retrieval's document-hint check). */
    documentHints: z.array(z.string().min(1)).default([]),
    /** Query-expansion rules of this source's vocabulary, applied after `retrieval.expansions`. */
    expansions: z.array(ExpansionRule).default([]),
    /** The exchanges, products and parties this source's questions name (see `AnchorConfig`). */
    anchors: z.array(AnchorConfig).default([]),
    /** Per-document marks: type, confidentiality, date (see `SourceDocumentRule`). */
    documents: z.array(SourceDocumentRule).default([]),
    /** What the offline lexical scorers know of this source's vocabulary (see `OfflineLexicalOptions`). */
    lexical: z
      .object({
        /** The publisher's words nearly every chunk holds (`cme`, `group`): weighted low, like `market` or `data`. */
        genericWords: z.array(z.string().min(1)).default([]),
        /** Exchange families whose data the source prices apart, each with the names that mean it. */
        exchangeFamilies: z.array(z.object({ family: z.string().min(1), names: z.array(z.string().min(1)).min(1) }).strict()).default([]),
      })
      .strict()
      .prefault({}),
  })
  .strict();
export type SourceConfig = z.infer<typeof SourceConfig>;



/**
 * The whole project's configuration. Every field has the frozen default of the R2 policy; a config
 * file (`.clausegate.json`) overrides only the fields it names.
 */
export const ClausegateConfig = z
  .object({
    schemaVersion: z.literal(1).default(1),
    policyVersion: z.string().min(1).default(POLICY_VERSION),
    /** `offline` needs no key and no download; `openai` uses the OpenAI API (or a compatible server). */
    provider: z.enum(['offline', 'openai']).default('offline'),
    /**
     * The source a command without `--source` uses when several are indexed; no default: with one
     * source indexed that one is used, with several `--source` is required.
     */
    defaultSource: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'source names are lowercase letters, digits, - and _').optional(),
    paths: z
      .object({
        rawRoot: z.string().min(1).default('data/raw'),
        /** Where the indexes live: a local folder, or `s3://bucket/prefix` on S3-compatible object storage (env `RAG_INDEX_URI` overrides it). */
        indexDir: z.string().min(1).default('.clausegate/index'),
        cacheDir: z.string().min(1).default('.clausegate/cache'),
        logDir: z.string().min(1).default('logs'),
        reportDir: z.string().min(1).default('reports'),
        goldenDir: z.string().min(1).default('golden'),
      })
      .strict()
      .prefault({}),
    sources: z
      .record(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'source names are lowercase letters, digits, - and _'), SourceConfig)
      // Only the project's own sample corpus (data/raw/sample) is known without a config file; every
      // other source is configured in .clausegate.json or taken from a golden suite's suite.json.
      .default({
        sample: {
          refusal: 'This is not addressed in the provided Harbourview documents.',
          documentHints: ['harbourview', 'license agreement', 'fee schedule', 'definitions'],
          // The abbreviations a reader of the fee schedule types (the schedule spells them out).
          expansions: [
            { pattern: 'RT', expansion: 'real time', reverse: true, note: 'data timing' },
            { pattern: 'non-pro', expansion: 'non-professional', reverse: true, note: 'subscriber category' },
          ],
          anchors: [],
          lexical: { genericWords: [], exchangeFamilies: [] },
          documents: [],
        },
      }),
    openai: z
      .object({
        /** Overridden by `OPENAI_BASE_URL`; any OpenAI-compatible server works. */
        baseUrl: z.string().url().optional(),
        embeddingModel: z.string().min(1).default('text-embedding-3-large'),
        embeddingDimensions: positiveInteger.default(3072),
        embeddingBatchSize: positiveInteger.max(2048).default(64),
        chatModel: z.string().min(1).default('gpt-4.1'),
        maxRetries: z.number().int().min(0).max(10).default(3),
        /** One attempt's timeout in ms. */
        timeoutMs: positiveInteger.default(20_000),
        /** One call's whole budget in ms, every retry and wait included: a hanging API fails within it. */
        totalTimeoutMs: positiveInteger.default(45_000),
        concurrency: positiveInteger.max(64).default(4),
        /** USD per million tokens, for cost estimates in reports. */
        pricing: z
          .object({
            embeddingInput: z.number().min(0).default(0.13),
            chatInput: z.number().min(0).default(2.0),
            chatOutput: z.number().min(0).default(8.0),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    offline: z
      .object({
        /** Dimensions of the offline hashed n-gram embedder. */
        embeddingDimensions: positiveInteger.max(65_536).default(1024),
      })
      .strict()
      .prefault({}),
    ingest: z
      .object({
        /** Files larger than this many bytes are reported (`too_large`) and skipped unread; default 50 MB. */
        maxFileBytes: positiveInteger.default(50_000_000),
      })
      .strict()
      .prefault({}),
    chunking: z
      .object({
        /** Upper bound of a chunk in cl100k_base tokens. */
        maxTokens: positiveInteger.min(32).max(4000).default(320),
        /** Chunks smaller than this are merged with their neighbour in the same section when possible. */
        minTokens: z.number().int().min(0).default(40),
      })
      .strict()
      .prefault({}),
    question: z
      .object({
        maxTokens: positiveInteger.default(256),
      })
      .strict()
      .prefault({}),
    retrieval: z
      .object({
        vectorK: positiveInteger.default(10),
        keywordK: positiveInteger.default(10),
        candidatePool: positiveInteger.default(12),
        fusion: z.enum(['rrf', 'weighted']).default('rrf'),
        rrfK: positiveInteger.default(60),
        /** The similarity floor of the QA contract, calibrated for OpenAI `text-embedding-3-large`. */
        minSimilarity: share.default(0.2),
        fallbackMinSimilarity: share.default(0.18),
        /**
         * Floors for embedders whose cosine scale differs, by embedder name. The offline hashed n-gram
         * embedder scores a short question against a clause-sized chunk far lower than a neural
         * embedder does; its floors were calibrated with the harness on the CME suite (README,
         * "Calibration"). An embedder not listed here uses `minSimilarity`/`fallbackMinSimilarity`.
         */
        floorsByEmbedder: z
          .record(z.string(), z.object({ minSimilarity: share, fallbackMinSimilarity: share }).strict())
          .default({ 'offline-hashed-ngram': { minSimilarity: 0.1, fallbackMinSimilarity: 0.09 } }),
        /**
         * Wider pools for rerankers that score a candidate for a fraction of a millisecond, by reranker
         * name. The LLM reranker makes one call per candidate, so the default pool (12) stays small;
         * the offline lexical reranker reads 48 candidates in a few milliseconds, and the wider pool
         * lifted CME evidence recall (README, "Calibration").
         */
        poolsByReranker: z
          .record(z.string(), z.object({ vectorK: positiveInteger, keywordK: positiveInteger, candidatePool: positiveInteger }).strict())
          .default({
            'offline-lexical': { vectorK: 40, keywordK: 40, candidatePool: 48 },
            'offline-learned': { vectorK: 40, keywordK: 40, candidatePool: 48 },
          }),
        linkDefinitions: z.boolean().default(true),
        expansionRulesVersion: z.string().min(1).default('x5'),
        expansions: z.array(ExpansionRule).default([]),
      })
      .strict()
      .prefault({}),
    rerank: z
      .object({
        enabled: z.boolean().default(true),
        /**
         * The offline reranker: `learned` scores general features with the weights `harness tune`
         * fitted (`weightsFile`); `lexical` is the hand-written rule scorer it replaces.
         */
        offlineModel: z.enum(['learned', 'lexical']).default('lexical'),
        /** The learned reranker's weights file; default the one shipped in pipeline/rerank/rerank-weights.json. */
        weightsFile: z.string().min(1).optional(),
        keepMin: positiveInteger.default(3),
        keepMax: positiveInteger.default(5),
        chunkCharacterCap: positiveInteger.default(2000),
        concurrency: positiveInteger.max(64).default(4),
      })
      .strict()
      .prefault({}),
    gate: z
      .object({
        enabled: z.boolean().default(true),
        relevanceThreshold: z.number().int().min(0).max(3).default(2),
        minChunksRequired: positiveInteger.default(1),
        minRetrievalScore: z.number().min(0).default(0.05),
        minTopRatio: z.number().min(1).default(1.2),
        coverageCheck: z.boolean().default(true),
        /** Reranked evidence is answered or refused by the model `harness tune --model gate` fitted (default true); false: by the relevance tier and coverage rules alone. */
        learned: z.boolean().default(true),
        /** The gate's weights file; default the one shipped in pipeline/gate/gate-weights.json. */
        weightsFile: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    budget: z
      .object({
        maxChunks: positiveInteger.default(6),
        maxChunksPerDocument: positiveInteger.default(3),
        evidenceTokens: positiveInteger.default(2200),
        promptTokens: positiveInteger.default(3500),
        outputReserveTokens: positiveInteger.default(800),
        hardCeilingTokens: positiveInteger.default(60_000),
        maxChunkShare: share.default(0.35),
        duplicateOverlap: share.default(0.8),
      })
      .strict()
      .prefault({}),
    generation: z
      .object({
        temperature: z.number().min(0).max(2).default(0),
        maxAnswerSentences: positiveInteger.default(6),
        /** On a validation failure: regenerate once with stricter instructions, then refuse. */
        regenerateOnViolation: z.boolean().default(true),
        /** `read-write` caches responses; `replay` only reads the cache and fails on a miss; `off` never caches. */
        cache: z.enum(['read-write', 'replay', 'off']).default('read-write'),
        /**
         * How the offline generator chooses the unit it states first: `rules` by the reranker's
         * features and its tie-breaks; `learned` by the ranker `harness tune --model answer` fits
         * (`unitWeightsFile`, default pipeline/providers/answer-unit-weights.json).
         */
        offlineUnitChoice: z.enum(['rules', 'learned']).default('learned'),
        unitWeightsFile: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    logging: z
      .object({
        auditMaxBytes: positiveInteger.default(5 * 1024 * 1024),
        auditFilesKept: positiveInteger.default(5),
        logPromptText: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    /** How many finished runs `paths.reportDir` keeps: after each run the oldest beyond `keepRuns` are deleted (`null`, the default: all; committed baselines and unfinished runs are never deleted). */
    reports: z
      .object({
        keepRuns: positiveInteger.nullable().default(null),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .superRefine((config, context) => {
    for (const [name, floors] of Object.entries(config.retrieval.floorsByEmbedder)) {
      if (floors.fallbackMinSimilarity > floors.minSimilarity) {
        context.addIssue({
          code: 'custom',
          path: ['retrieval', 'floorsByEmbedder', name, 'fallbackMinSimilarity'],
          message: 'must not be above minSimilarity (the fallback only ever relaxes the floor)',
        });
      }
    }
    if (config.retrieval.fallbackMinSimilarity > config.retrieval.minSimilarity) {
      context.addIssue({
        code: 'custom',
        path: ['retrieval', 'fallbackMinSimilarity'],
        message: 'must not be above retrieval.minSimilarity (the fallback only ever relaxes the floor)',
      });
    }
    if (config.defaultSource !== undefined && config.sources[config.defaultSource] === undefined) {
      context.addIssue({ code: 'custom', path: ['defaultSource'], message: `names no configured source (configured: ${Object.keys(config.sources).join(', ')})` });
    }
    if (config.rerank.keepMin > config.rerank.keepMax) {
      context.addIssue({ code: 'custom', path: ['rerank', 'keepMin'], message: 'must not exceed rerank.keepMax' });
    }
    if (config.budget.promptTokens > config.budget.hardCeilingTokens) {
      context.addIssue({ code: 'custom', path: ['budget', 'promptTokens'], message: 'must not exceed budget.hardCeilingTokens' });
    }
    if (config.budget.evidenceTokens + config.budget.outputReserveTokens > config.budget.promptTokens) {
      context.addIssue({
        code: 'custom',
        path: ['budget', 'evidenceTokens'],
        message: 'evidenceTokens + outputReserveTokens must fit in promptTokens',
      });
    }
  });
export type ClausegateConfig = z.infer<typeof ClausegateConfig>;
