import { dropUnmatchedFraming, profileQuestion, splitQuestionParts } from '../question/index.ts';
import type { OfflineLexicalOptions } from '../question/index.ts';
import { describeRelevance, findNarrowerMatch, formatShare, measureRelevance, relevanceStrength, scoreRelevance } from '../relevance/index.ts';
import { createDocumentTerms } from '../rerank/group-named-documents.ts';
import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import { tokenStream } from '../text/index.ts';
import type { RerankCandidate, RerankScore, Reranker, RerankerInfo } from './reranker.ts';

/**
 * Creates the offline reranker: a deterministic lexical scorer on the same 0–3 scale as the LLM
 * reranker (0 not relevant, 1 related, 2 relevant, 3 directly answers). It takes the question as
 * the user typed it and does its own light normalisation (see `profileQuestion`), then measures each
 * candidate's text and section heading (see `measureRelevance`) and maps the features to a score:
 *
 * - **3** when the chunk answers what the question asks for:
 *   - an amount, date or duration question: one line or sentence holds such a value and covers at
 *     least 0.6 of the question's weighted terms (with the section heading), the whole chunk covers
 *     at least 0.6, and at least 0.6 of the specific terms (`specificCoverage`: no generic or
 *     framing words, and not the `fee`/`cost` an amount answers);
 *   - a definition question (`what is X`, `define X`, `meaning of X`): the chunk defines X
 *     (`X means`, `X:` opening a line, `X is defined as`, `X refers to`);
 *   - any other question: the chunk covers at least 0.8 and the terms sit together (one line covers
 *     at least 0.6, or at least half the question's phrases occur verbatim); on a definition
 *     question such a chunk that does not define the term gets 2.
 * - **2** when the chunk covers at least 0.55 of the specific terms and either covers at least
 *   0.55 of all terms with one line covering at least 0.35, or its heading names a specific
 *   question term and it covers at least 0.4.
 * - **1** when it covers at least 0.2 or names any specific question term (weight 1).
 * - **0** otherwise.
 * - When the question names years (`2026`) and the text, the heading and the document name hold
 *   none of them, the score is capped at 1: another year's fee list is related, not relevant. A
 *   comparison (`2025 vs 2026`) is answered by both years' lists, so holding one of them is enough.
 * - On an amount question, a 3 whose heading topic (before ` › `) names none of the question's
 *   specific terms but two or more words of its own (`CME Term SOFR`, `Standard CME Soybean Oilshare
 *   Index`) becomes 2: its rows price that product. On an amount question naming an exchange, a
 *   chunk naming only another exchange family (a GME notice for a CME question) is capped at 1.
 * - A fee row is capped at 1 when another candidate names the thing asked more narrowly (see
 *   `findNarrowerMatch`), unless the row's own document names that qualifier the same way.
 * - On a definition question, a chunk that names the subject only in table rows (a column header
 *   `Description | Unit of Count | …`) and does not define it is capped at 1: it uses the term.
 * - A chunk held at 1 only because it lacks the value asked for is relevant (2) as context when
 *   another chunk of the same document scores 3: a notice's introduction or a table's notes.
 * - On an amount question, when the row that best answers it sits in a table whose rows split the
 *   question's qualifiers (one row names `Depth of Market`, another `Non-Professional`, none both,
 *   and neither the heading, label, header row nor prose names them), the score is capped at 1: the
 *   table prices each qualifier, not the combination asked for.
 *
 * `detail` lists the features behind the score, for the trace.
 */
export function createOfflineReranker(options: OfflineLexicalOptions = {}): Reranker {
  const info: RerankerInfo = { name: 'offline-lexical', model: 'lexical-v1' };
  let statistics: TermStatistics | undefined;
  return {
    info,
    prepare(sourceStatistics) {
      statistics = sourceStatistics;
    },
    async rerank(question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]> {
      const profile = dropUnmatchedFraming(
        profileQuestion(question, options),
        candidates.map((candidate) => `${candidate.sectionHeading}\n${candidate.text}`),
      );
      const documentTerms = documentTermsOf(question, statistics, options);
      const measured = candidates.map((candidate) =>
        measureRelevance(profile, { heading: candidate.sectionHeading, text: candidate.text, doc: candidate.doc, documentTerms: documentTerms(candidate.doc) }),
      );
      const streams = candidates.map((candidate) => tokenStream(`${candidate.sectionHeading}\n${candidate.text}`));
      const ownDocument = (index: number) => streams.filter((_, other) => other !== index && candidates[other]!.doc === candidates[index]!.doc);
      const scored = candidates.map((_, index) => {
        const relevance = measured[index]!;
        const result = scoreRelevance(profile, relevance);
        const narrower = result.score > 1 ? findNarrowerMatch(profile, relevance, measured, streams, () => ownDocument(index)) : undefined;
        if (narrower === undefined) return result;
        return { score: 1 as const, reason: `capped at 1: another candidate names what this one does and also ${narrower.join(', ')}, so this one prices something else (else ${result.score}: ${result.reason})` };
      });
      // A question asking several things is answered part by part: a chunk answering one part
      // (`…, and how much notice is needed to stop renewal?`) is relevant, though it covers little
      // of the whole question. Of a question that names documents, only
      // their chunks are scored by part: the names are the whole question's, not each part's. A
      // part that refers back (`…, and what is it in 2026?`) is not read alone: its subject is in
      // another part.
      const parts = splitQuestionParts(question).filter((part) => !REFERS_BACK.test(part));
      if (parts.length >= 2) {
        const named = documentTerms === NAMES_NOTHING ? undefined : documentTerms;
        for (const part of parts) {
          const partProfile = dropUnmatchedFraming(profileQuestion(part, options), candidates.map((candidate) => `${candidate.sectionHeading}\n${candidate.text}`));
          // …nor is a part that names too little to tell one clause from another (`and what's the fee?`).
          if (partProfile.terms.filter((term) => term.weight === 1).length < MIN_PART_TERMS) continue;
          candidates.forEach((candidate, index) => {
            const held = named?.(candidate.doc);
            if (named !== undefined && (held === undefined || held.size === 0)) return;
            const partScore = scoreRelevance(partProfile, measureRelevance(partProfile, { heading: candidate.sectionHeading, text: candidate.text, doc: candidate.doc, documentTerms: held }));
            // At most relevant (2): what answers one part does not outrank what answers the whole.
            const score = Math.min(PART_SCORE_CAP, partScore.score) as 0 | 1 | 2;
            if (score > scored[index]!.score) scored[index] = { score, reason: `part "${part}": ${partScore.reason} (else ${scored[index]!.score}: ${scored[index]!.reason})` };
          });
        }
      }
      const answeringDocuments = new Set(candidates.filter((_, index) => scored[index]!.score === 3).map((candidate) => candidate.doc));
      return candidates.map((candidate, index) => {
        const relevance = measured[index]!;
        let { score, reason } = scored[index]!;
        // The notice's introduction or the table's notes (`Effective January 1, 2026, fees are being
        // introduced`) are relevant context once another chunk of the same document gives the value.
        const context = scored[index]!.context;
        if (context !== undefined && answeringDocuments.has(candidate.doc)) {
          reason = `context: ${context}, and another chunk of ${candidate.doc} holds the value asked for (else ${score}: ${reason})`;
          score = 2;
        }
        const strength = relevanceStrength(profile, relevance);
        return { chunkId: candidate.chunkId, score, strength, detail: `${describeRelevance(score, reason, profile, relevance)} | strength ${formatShare(strength)}` };
      });
    },
  };
}

/**
 * The question's document-naming terms (`ReadTerm.namesDocument`: specific terms few of the
 * source's documents hold, learned from its text) that each document answers for
 * (`createDocumentTerms`): without term statistics (no `prepare`), none.
 */
function documentTermsOf(question: string, statistics: TermStatistics | undefined, options: OfflineLexicalOptions): (doc: string) => ReadonlySet<string> | undefined {
  if (statistics === undefined) return NAMES_NOTHING;
  const naming = readRerankQuestion(question, statistics, options.expansions ?? []).terms.filter((term) => term.namesDocument).map((term) => term.stem);
  return naming.length === 0 ? NAMES_NOTHING : createDocumentTerms(naming, statistics);
}

/** The highest score a chunk gets for answering one part of a question. */
const PART_SCORE_CAP = 2;

/** The specific terms a part of a question must name to be scored alone. */
const MIN_PART_TERMS = 2;

/** A pronoun or demonstrative that refers to what another part of the question names (`did that waiver…`), or an ellipsis (`…, and what about the X?`). */
const REFERS_BACK = /\b(?:it|its|they|them|their|theirs|this|that|these|those|such)\b|^(?:and\s+)?(?:what|how)\s+about\b/i;

/** The document terms of a question that names no document. */
const NAMES_NOTHING = (): ReadonlySet<string> | undefined => undefined;
