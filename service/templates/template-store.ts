import { ServiceError } from '../service-error.ts';
import { BUILT_IN_TEMPLATES, createTemplate, type PromptTemplate, type TemplateInput } from './prompt-template.ts';

/** The templates: the built-ins (read-only) and those created through the admin API. */
export interface TemplateStore {
  list(): PromptTemplate[];
  /** The template, or `template_not_found` (404). */
  get(id: string): PromptTemplate;
  create(input: TemplateInput): PromptTemplate;
  update(id: string, input: TemplateInput): PromptTemplate;
  remove(id: string): void;
}

/** Creates the template store; `onChange` runs after every create, update and delete (the cache is cleared there). */
export function createTemplateStore(onChange: () => void): TemplateStore {
  const templates = new Map<string, PromptTemplate>(BUILT_IN_TEMPLATES.map((template) => [template.id, template]));
  const writable = (id: string): PromptTemplate => {
    const existing = store.get(id);
    if (existing.builtIn) throw new ServiceError('conflict', `template "${id}" is built in and cannot be changed or deleted`, 'create a template with another id (POST /api/v1/rag/admin/templates)');
    return existing;
  };
  const store: TemplateStore = {
    list: () => [...templates.values()],
    get(id) {
      const template = templates.get(id);
      if (template === undefined) {
        throw new ServiceError('template_not_found', `no template "${id}"`, `use one of: ${[...templates.keys()].join(', ')} (GET /api/v1/rag/admin/templates)`);
      }
      return template;
    },
    create(input) {
      if (templates.has(input.id)) throw new ServiceError('conflict', `template "${input.id}" exists`, `update it with PUT /api/v1/rag/admin/templates/${input.id}`);
      const template = createTemplate(input, false);
      templates.set(template.id, template);
      onChange();
      return template;
    },
    update(id, input) {
      writable(id);
      if (input.id !== id) throw new ServiceError('template_invalid', `the body's id "${input.id}" differs from the path's "${id}"`, 'send the same id in the path and the body');
      const template = createTemplate(input, false);
      templates.set(id, template);
      onChange();
      return template;
    },
    remove(id) {
      writable(id);
      templates.delete(id);
      onChange();
    },
  };
  return store;
}
