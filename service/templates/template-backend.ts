import type { TemplateInput } from './prompt-template.ts';

/**
 * Where the templates created through the admin API are kept, by id: a JSON file in the service's
 * data dir (`createFileTemplateBackend`) or a Redis hash every replica reads
 * (`createRedisTemplateBackend`). Each operation is atomic on its own.
 */
export interface TemplateBackend {
  readonly kind: 'file' | 'redis';
  /** Every stored template, in no particular order. */
  all(): Promise<TemplateInput[]>;
  read(id: string): Promise<TemplateInput | undefined>;
  /** Stores a new template; false (nothing written) when the id exists. */
  insert(template: TemplateInput): Promise<boolean>;
  /** Replaces a stored template; false (nothing written) when the id does not exist. */
  replace(template: TemplateInput): Promise<boolean>;
  /** False when the id does not exist. */
  remove(id: string): Promise<boolean>;
}
