import type { Redis } from 'ioredis';
import { ServiceError } from '../service-error.ts';
import { TemplateInput } from './prompt-template.ts';
import type { TemplateBackend } from './template-backend.ts';

/** The Redis hash of the created templates: field = template id, value = its definition as JSON. */
export const TEMPLATES_KEY = 'clausegate:templates';

// Replace only an existing field, in one step (HSET alone would create it).
const REPLACE_EXISTING = "if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) return 1 end return 0";

/** Keeps created templates in Redis, where every replica of the service reads them on each use. */
export function createRedisTemplateBackend(redis: Redis): TemplateBackend {
  const parse = (id: string, text: string): TemplateInput => {
    const parsed = TemplateInput.safeParse(JSON.parse(text));
    if (!parsed.success) throw new ServiceError('internal', `the stored template "${id}" in Redis (${TEMPLATES_KEY}) is invalid`, `delete it (HDEL ${TEMPLATES_KEY} ${id}) and create it again`);
    return parsed.data;
  };
  return {
    kind: 'redis',
    async all() {
      const stored = await redis.hgetall(TEMPLATES_KEY);
      return Object.entries(stored).map(([id, text]) => parse(id, text));
    },
    async read(id) {
      const text = await redis.hget(TEMPLATES_KEY, id);
      return text === null ? undefined : parse(id, text);
    },
    async insert(template) {
      return (await redis.hsetnx(TEMPLATES_KEY, template.id, JSON.stringify(template))) === 1;
    },
    async replace(template) {
      return (await redis.eval(REPLACE_EXISTING, 1, TEMPLATES_KEY, template.id, JSON.stringify(template))) === 1;
    },
    async remove(id) {
      return (await redis.hdel(TEMPLATES_KEY, id)) === 1;
    },
  };
}
