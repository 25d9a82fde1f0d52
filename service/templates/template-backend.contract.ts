import { expect, it } from 'vitest';
import type { TemplateBackend } from './template-backend.ts';

const amounts = { id: 'amounts', description: 'Amounts first', maxSentences: 2, instructions: ['Name the amount first.'] };

/** The contract every `TemplateBackend` meets; `create` opens a fresh, empty backend. */
export function testTemplateBackend(create: () => Promise<TemplateBackend>): void {
  it('stores a template once: a second insert of the id writes nothing', async () => {
    const backend = await create();
    expect(await backend.all()).toEqual([]);
    expect(await backend.insert(amounts)).toBe(true);
    expect(await backend.insert({ ...amounts, description: 'other' })).toBe(false);
    expect(await backend.read('amounts')).toEqual(amounts);
    expect(await backend.read('missing')).toBeUndefined();
    expect(await backend.all()).toEqual([amounts]);
  });

  it('replaces only an existing template and removes it once', async () => {
    const backend = await create();
    expect(await backend.replace(amounts)).toBe(false);
    expect(await backend.read('amounts')).toBeUndefined();
    await backend.insert(amounts);
    expect(await backend.replace({ ...amounts, maxSentences: 4 })).toBe(true);
    expect((await backend.read('amounts'))?.maxSentences).toBe(4);
    expect(await backend.remove('amounts')).toBe(true);
    expect(await backend.remove('amounts')).toBe(false);
    expect(await backend.all()).toEqual([]);
  });

  it('keeps every one of many concurrent inserts', async () => {
    const backend = await create();
    const ids = Array.from({ length: 20 }, (_, index) => `t${index}`);
    const results = await Promise.all(ids.map((id) => backend.insert({ id, description: '', instructions: [] })));
    expect(results.every(Boolean)).toBe(true);
    expect((await backend.all()).map((template) => template.id).sort()).toEqual([...ids].sort());
  });
}
