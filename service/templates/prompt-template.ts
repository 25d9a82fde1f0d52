import { createHash } from 'node:crypto';
import { z } from 'zod';
import { buildPrompt, countTokens, PROMPT_VERSION, type BuildPromptInput, type BuiltPrompt } from '../../pipeline/index.ts';

/** How hard the answer is held to its evidence: `strict` adds the strict paragraph from the first attempt and refuses Low-confidence answers. */
export const Strictness = z.enum(['lenient', 'normal', 'strict']);
export type Strictness = z.infer<typeof Strictness>;

/** How citations appear in the answer text: `[C0]` (bracketed_ids, the pipeline's own), `[1]` (inline_numbers), or listed after the answer (end_list). */
export const CitationStyle = z.enum(['bracketed_ids', 'inline_numbers', 'end_list']);
export type CitationStyle = z.infer<typeof CitationStyle>;

const Instruction = z
  .string()
  .min(1)
  .max(400)
  .refine((text) => !/[\r\n]/.test(text) && !text.includes('==='), 'one line, without "===" (a template cannot open or close a prompt section)');

/** The fields of a template a caller writes (POST/PUT). */
export const TemplateInput = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'lowercase letters, digits, - and _ (at most 63)'),
    description: z.string().max(500).default(''),
    /** Sentences the answer may have; default the pipeline's `generation.maxAnswerSentences` (6). */
    maxSentences: z.number().int().min(1).max(20).optional(),
    /** Extra grounding rules appended to section 2 of the frozen prompt, one line each. */
    instructions: z.array(Instruction).max(10).default([]),
  })
  .strict();
export type TemplateInput = z.infer<typeof TemplateInput>;

/** A stored template: its fields, whether it is built in, and the sha256 of its definition. */
export const PromptTemplate = TemplateInput.extend({ builtIn: z.boolean(), sha256: z.string() });
export type PromptTemplate = z.infer<typeof PromptTemplate>;

/** The sha256 of a template's definition (with the prompt version it extends): what responses and reports name it by. */
export function hashTemplate(input: TemplateInput): string {
  const canonical = JSON.stringify({ promptVersion: PROMPT_VERSION, id: input.id, maxSentences: input.maxSentences ?? null, instructions: input.instructions });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** A template with its sha256 filled in. */
export function createTemplate(input: TemplateInput, builtIn: boolean): PromptTemplate {
  return { ...input, builtIn, sha256: hashTemplate(input) };
}

/** The built-in templates; `balanced` (the default) is the frozen prompt v1 byte for byte. */
export const BUILT_IN_TEMPLATES: readonly PromptTemplate[] = [
  createTemplate({ id: 'balanced', description: 'The frozen prompt v1 as the pipeline builds it', instructions: [] }, true),
  createTemplate({ id: 'terse', description: 'At most two sentences', maxSentences: 2, instructions: ['Give only the figure, term or condition asked for, without background.'] }, true),
  createTemplate(
    {
      id: 'detailed',
      description: 'Up to ten sentences, with the conditions and exceptions the evidence states',
      maxSentences: 10,
      instructions: ['After the answer, add the conditions, exceptions and effective dates the cited evidence states about it.'],
    },
    true,
  ),
];

/**
 * Renders the prompt of `template`: the frozen prompt v1 (`buildPrompt`), with the strict paragraph
 * when `strictness` is strict, and the template's instructions as extra lines at the end of
 * section 2. A template without instructions, at normal strictness, gives `buildPrompt`'s bytes.
 */
export function renderTemplate(template: PromptTemplate, strictness: Strictness, input: BuildPromptInput): BuiltPrompt {
  const built = buildPrompt({ ...input, strict: input.strict === true || strictness === 'strict' });
  if (template.instructions.length === 0) return built;
  const rules = built.sections.find((section) => section.name === 'rules');
  if (rules === undefined) return built;
  const added = template.instructions.map((instruction) => `TEMPLATE RULE: ${instruction}\n`).join('');
  const text = built.text.slice(0, rules.end) + added + built.text.slice(rules.end);
  const sections = built.sections.map((section) =>
    section.start >= rules.end ? { ...section, start: section.start + added.length, end: section.end + added.length } : section.name === 'rules' ? { ...section, end: section.end + added.length } : section,
  );
  return { ...built, text, sections, sha256: createHash('sha256').update(text, 'utf8').digest('hex'), tokenCount: countTokens(text) };
}
