import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, buildPrompt, openAnswerPipeline, type BuildPromptInput, type OpenedAnswerPipeline } from '../../pipeline/index.ts';
import type { Service } from '../create-service.ts';
import { call, createTestWorld, KEYS, startTestService, type TestWorld } from '../testing/create-test-service.ts';
import { BUILT_IN_TEMPLATES, createTemplate, hashTemplate, renderTemplate } from './prompt-template.ts';

const input: BuildPromptInput = {
  question: 'What is the monthly fee for a real-time display device?',
  evidence: [
    { anchor: 'C0', chunkId: 'a1b2c3d4e5f6-0007', doc: 'fees/fee-list.pdf', page: 1, sectionHeading: 'Display Device', text: 'Display Device\nReal Time Device $134.50\nDelayed Device $0' },
    { anchor: 'C1', chunkId: '0f9e8d7c6b5a-0003', doc: 'policies/policy.pdf', page: 1, sectionHeading: '1. Unit of Count', text: '1.1. The default Unit of Count is Device.' },
  ],
  refusal: 'This is not addressed in the provided documents.',
  maxSentences: 6,
};
const balanced = BUILT_IN_TEMPLATES.find((template) => template.id === 'balanced')!;

describe('renderTemplate', () => {
  it('renders the default template byte-identically to the frozen prompt v1, strict paragraph included', () => {
    const rendered = renderTemplate(balanced, 'normal', input);
    const frozen = buildPrompt(input);
    expect(Buffer.from(rendered.text, 'utf8').equals(Buffer.from(frozen.text, 'utf8'))).toBe(true);
    expect(rendered.sha256).toBe(frozen.sha256);
    expect(renderTemplate(balanced, 'normal', { ...input, strict: true }).sha256).toBe(buildPrompt({ ...input, strict: true }).sha256);
    expect(renderTemplate(balanced, 'strict', input).sha256).toBe(buildPrompt({ ...input, strict: true }).sha256);
  });

  it('adds a template\'s instructions at the end of section 2 and nowhere else', () => {
    const template = createTemplate({ id: 'amounts', description: '', instructions: ['Name the amount first.'] }, false);
    const rendered = renderTemplate(template, 'normal', input);
    const frozen = buildPrompt(input);
    const rules = frozen.sections.find((section) => section.name === 'rules')!;
    expect(rendered.text).toBe(`${frozen.text.slice(0, rules.end)}TEMPLATE RULE: Name the amount first.\n${frozen.text.slice(rules.end)}`);
    const evidence = rendered.sections.find((section) => section.name === 'evidence')!;
    expect(rendered.text.slice(evidence.start, evidence.end)).toBe(frozen.text.slice(frozen.sections[2]!.start, frozen.sections[2]!.end));
    expect(rendered.sha256).not.toBe(frozen.sha256);
  });

  it('gives each template a sha256 that changes with its definition', () => {
    expect(new Set(BUILT_IN_TEMPLATES.map((template) => template.sha256)).size).toBe(3);
    expect(hashTemplate({ id: 'x', description: 'one', instructions: [] })).toBe(hashTemplate({ id: 'x', description: 'two', instructions: [] }));
    expect(hashTemplate({ id: 'x', description: '', maxSentences: 2, instructions: [] })).not.toBe(hashTemplate({ id: 'x', description: '', instructions: [] }));
  });
});

describe('the default template through the service sends the prompt the in-process pipeline sends', () => {
  let world: TestWorld;
  let service: Service;
  let url: string;
  let pipeline: OpenedAnswerPipeline;

  beforeAll(async () => {
    world = await createTestWorld();
    ({ service, url } = await startTestService(world));
    pipeline = await openAnswerPipeline(world.config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, 'sample');
  });
  afterAll(async () => {
    await pipeline?.close();
    await service?.close();
    world?.remove();
  });

  it.each([
    'What is the monthly fee for a non-professional display device?',
    'How long must usage records be retained?',
    'What is Delayed Data?',
  ])('same prompt sha256, answer and citations for %s', async (question) => {
    const inProcess = await answerQuestion(pipeline, question);
    const { body } = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: question } });
    expect(body.provenance.prompt_sha256).toBe(inProcess.promptSha256);
    expect(body.answer).toBe(inProcess.answer);
    expect(body.citations.map((citation: { doc: string; page: number }) => `${citation.doc}#${citation.page}`)).toEqual(inProcess.citations.map((citation) => `${citation.doc}#${citation.page}`));
  });

  it('a terse template sends fewer sentences and names its own sha256', async () => {
    const { body } = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: 'What is Delayed Data?', template_id: 'terse' } });
    const terse = BUILT_IN_TEMPLATES.find((template) => template.id === 'terse')!;
    expect(body.provenance.template_sha256).toBe(terse.sha256);
    const simulated = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: 'What is Delayed Data?', template_id: 'terse', dry_run: true } });
    expect(simulated.body.prompt).toContain('5. Write at most 2 sentences.');
    expect(simulated.body.prompt).toContain('TEMPLATE RULE: Give only the figure');
  });
});
