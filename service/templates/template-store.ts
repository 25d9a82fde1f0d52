import { ServiceError } from '../service-error.ts';
import { BUILT_IN_TEMPLATES, createTemplate, type PromptTemplate, type TemplateInput } from './prompt-template.ts';
import type { TemplateBackend } from './template-backend.ts';

/** The templates: the built-ins (read-only, in code) and those created through the admin API (kept by a backend). */
export interface TemplateStore {
  /** Where created templates are kept: `file` (the service's data dir) or `redis` (shared by every replica). */
  readonly kind: TemplateBackend['kind'];
  /** The built-ins, then the created templates by id. */
  list(): Promise<PromptTemplate[]>;
  /** The template, or `template_not_found` (404). */
  get(id: string): Promise<PromptTemplate>;
  /** `conflict` (409) when the id exists. */
  create(input: TemplateInput): Promise<PromptTemplate>;
  /** `conflict` for a built-in, `template_not_found` for an unknown id. */
  update(id: string, input: TemplateInput): Promise<PromptTemplate>;
  remove(id: string): Promise<void>;
}

const BUILT_IN = new Map(BUILT_IN_TEMPLATES.map((template) => [template.id, template]));

/**
 * Creates the template store over a backend. Built-ins are answered from code without a backend
 * round trip (the default template is on every query's path); a created template's sha256 is
 * computed from its definition whenever it is read, never trusted from storage.
 */
export function createTemplateStore(backend: TemplateBackend): TemplateStore {
  const notFound = async (id: string) => {
    const known = [...BUILT_IN.keys(), ...(await backend.all()).map((input) => input.id)];
    return new ServiceError('template_not_found', `no template "${id}"`, `use one of: ${known.join(', ')} (GET /api/v1/rag/admin/templates)`);
  };
  const refuseBuiltIn = (id: string) => {
    if (BUILT_IN.has(id)) throw new ServiceError('conflict', `template "${id}" is built in and cannot be changed or deleted`, 'create a template with another id (POST /api/v1/rag/admin/templates)');
  };
  return {
    kind: backend.kind,
    async list() {
      const created = (await backend.all()).sort((a, b) => (a.id < b.id ? -1 : 1));
      return [...BUILT_IN_TEMPLATES, ...created.map((input) => createTemplate(input, false))];
    },
    async get(id) {
      const builtIn = BUILT_IN.get(id);
      if (builtIn !== undefined) return builtIn;
      const stored = await backend.read(id);
      if (stored === undefined) throw await notFound(id);
      return createTemplate(stored, false);
    },
    async create(input) {
      if (BUILT_IN.has(input.id) || !(await backend.insert(input))) {
        throw new ServiceError('conflict', `template "${input.id}" exists`, `update it with PUT /api/v1/rag/admin/templates/${input.id}`);
      }
      return createTemplate(input, false);
    },
    async update(id, input) {
      refuseBuiltIn(id);
      if (input.id !== id) throw new ServiceError('template_invalid', `the body's id "${input.id}" differs from the path's "${id}"`, 'send the same id in the path and the body');
      if (!(await backend.replace(input))) throw await notFound(id);
      return createTemplate(input, false);
    },
    async remove(id) {
      refuseBuiltIn(id);
      if (!(await backend.remove(id))) throw await notFound(id);
    },
  };
}
