import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrompt } from '../answer/build-prompt.ts';
import type { GenerationEvidence, GenerationRequest, Generator } from './generator.ts';

/** What a contract setup provides: the generator under test and how to release what it started. */
export interface GeneratorContractSubject {
  generator: Generator;
  teardown?: () => Promise<void>;
}

const REFUSAL = 'This is not addressed in the provided CME documents.';

const EVIDENCE: readonly GenerationEvidence[] = [
  {
    anchor: 'C0',
    chunkId: 'contract-definitions',
    doc: 'ila-subscriber-addendum.pdf',
    page: 2,
    sectionHeading: 'Definitions',
    text: 'Subscriber: a person or entity that receives Information from a Distributor under a Subscriber Addendum.\nDevice: any unit of equipment that can access, receive or display Information.',
  },
  {
    anchor: 'C1',
    chunkId: 'contract-display-device',
    doc: 'january-2026-market-data-fee-list.pdf',
    page: 1,
    sectionHeading: 'Display Device',
    text: 'Real Time | Device | $134.50\nDelayed | Device | $0',
  },
  {
    anchor: 'C2',
    chunkId: 'contract-audit',
    doc: 'information-policies.pdf',
    page: 7,
    sectionHeading: 'Audit',
    text: 'Licensee Group shall retain all records relating to its use of Information for audit purposes for a period of five (5) years.',
  },
];

function contractRequest(question: string, evidence: readonly GenerationEvidence[], maxSentences = 6): GenerationRequest {
  const prompt = buildPrompt({ question, evidence, refusal: REFUSAL, maxSentences });
  return { prompt: prompt.text, promptSha256: prompt.sha256, question, evidence, refusal: REFUSAL, maxSentences };
}

/** The requests every contract run sends: two answerable questions and one the evidence does not address. */
export const GENERATOR_CONTRACT_REQUESTS = {
  fee: contractRequest('What is the real-time display device fee for CME market data?', EVIDENCE),
  definition: contractRequest('What is a Subscriber according to CME licensing terms?', EVIDENCE, 2),
  offTopic: contractRequest('What is the weather forecast for Chicago next week?', EVIDENCE),
} as const satisfies Record<string, GenerationRequest>;

/**
 * The contract every `Generator` meets, run against each implementation: an answer cites only the
 * request's evidence anchors, every sentence has text and at least one anchor, no more sentences
 * than `maxSentences`; a refusal carries `request.refusal` exactly; evidence that does not address
 * the question gives the refusal; the same request gives the same output; telemetry echoes the
 * prompt hash and holds sane numbers. `setup` runs once before the tests and its `teardown` once
 * after them.
 */
export function describeGeneratorContract(name: string, setup: () => Promise<GeneratorContractSubject> | GeneratorContractSubject): void {
  describe(`Generator contract: ${name}`, () => {
    let subject: GeneratorContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown?.();
    });

    it('names itself', () => {
      expect(subject.generator.info.name).toMatch(/\S/);
      expect(subject.generator.info.model).toMatch(/\S/);
    });

    for (const [label, request] of Object.entries(GENERATOR_CONTRACT_REQUESTS)) {
      it(`keeps to the evidence and the refusal (${label})`, async () => {
        const { output } = await subject.generator.generate(request);
        if (output.kind === 'refusal') {
          expect(output.text).toBe(request.refusal);
          return;
        }
        const anchors = new Set(request.evidence.map((item) => item.anchor));
        expect(output.sentences.length).toBeGreaterThan(0);
        expect(output.sentences.length).toBeLessThanOrEqual(request.maxSentences);
        for (const sentence of output.sentences) {
          expect(sentence.text.trim().length).toBeGreaterThan(0);
          expect(sentence.anchors.length).toBeGreaterThan(0);
          for (const anchor of sentence.anchors) expect(anchors).toContain(anchor);
        }
        expect(['High', 'Medium', 'Low']).toContain(output.confidence);
      });
    }

    it('answers a question its evidence addresses', async () => {
      const { output } = await subject.generator.generate(GENERATOR_CONTRACT_REQUESTS.fee);
      expect(output.kind).toBe('answer');
    });

    it('refuses, word for word, when the evidence does not address the question', async () => {
      const { output } = await subject.generator.generate(GENERATOR_CONTRACT_REQUESTS.offTopic);
      expect(output).toEqual({ kind: 'refusal', text: GENERATOR_CONTRACT_REQUESTS.offTopic.refusal });
    });

    it('is deterministic', async () => {
      for (const request of Object.values(GENERATOR_CONTRACT_REQUESTS)) {
        const first = await subject.generator.generate(request);
        const second = await subject.generator.generate(request);
        expect(second.output).toEqual(first.output);
      }
    });

    it('reports telemetry for the prompt it was given', async () => {
      const request = GENERATOR_CONTRACT_REQUESTS.fee;
      const { telemetry } = await subject.generator.generate(request);
      expect(telemetry.promptSha256).toBe(request.promptSha256);
      expect(telemetry.model).toMatch(/\S/);
      expect(Number.isInteger(telemetry.attempts) && telemetry.attempts >= 0).toBe(true);
      expect(telemetry.latencyMs).toBeGreaterThanOrEqual(0);
      expect(telemetry.promptTokens).toBeGreaterThanOrEqual(0);
      expect(telemetry.completionTokens).toBeGreaterThanOrEqual(0);
      expect(telemetry.finishReason).toMatch(/\S/);
      expect(typeof telemetry.cached).toBe('boolean');
    });
  });
}
