import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ClausegateError, formatIssues } from '../../pipeline/index.ts';
import { ServiceError } from '../service-error.ts';
import { TemplateInput } from './prompt-template.ts';
import type { TemplateBackend } from './template-backend.ts';

/** `templates.json` in the service's data dir: the created templates' definitions. */
export const TemplatesFile = z.object({ schemaVersion: z.literal(1), templates: z.array(TemplateInput) }).strict();
export type TemplatesFile = z.infer<typeof TemplatesFile>;

/**
 * Keeps created templates in `<dataDir>/templates.json`, read once at start and rewritten whole on
 * every change: written to a temporary file, flushed, then renamed over the old one (a crash leaves
 * the old file or the new one, never half of one). Changes are written one at a time; a failed write
 * leaves the templates as they were. One service process owns the file; replicas share templates
 * through Redis instead. Throws `config_invalid` naming the file when it is not a templates file.
 */
export async function createFileTemplateBackend(dataDir: string): Promise<TemplateBackend> {
  const file = path.join(dataDir, 'templates.json');
  const templates = new Map((await readTemplatesFile(file)).map((template) => [template.id, template]));
  let writing: Promise<unknown> = Promise.resolve();

  /** Applies `change` to a copy, writes the copy, and only then makes it the templates. */
  const commit = (change: (next: Map<string, TemplateInput>) => boolean): Promise<boolean> => {
    const run = writing.then(async () => {
      const next = new Map(templates);
      if (!change(next)) return false;
      await writeAtomically(file, `${JSON.stringify({ schemaVersion: 1, templates: [...next.values()] } satisfies TemplatesFile, null, 2)}\n`);
      templates.clear();
      for (const [id, template] of next) templates.set(id, template);
      return true;
    });
    writing = run.catch(() => undefined);
    return run;
  };

  return {
    kind: 'file',
    async all() {
      return [...templates.values()];
    },
    async read(id) {
      return templates.get(id);
    },
    insert: (template) => commit((next) => !next.has(template.id) && Boolean(next.set(template.id, template))),
    replace: (template) => commit((next) => next.has(template.id) && Boolean(next.set(template.id, template))),
    remove: (id) => commit((next) => next.delete(id)),
  };
}

async function readTemplatesFile(file: string): Promise<TemplateInput[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ClausegateError('config_invalid', `the templates file ${file} cannot be read: ${(error as Error).message}`, { hint: 'make RAG_DATA_DIR readable and writable by the service', location: { file } });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('config_invalid', `the templates file ${file} is not JSON: ${(error as Error).message}`, { hint: 'fix the file or move it away (the service then starts with the built-in templates only)', location: { file } });
  }
  const parsed = TemplatesFile.safeParse(raw);
  if (!parsed.success) {
    throw new ClausegateError('config_invalid', `the templates file ${file} is invalid:\n${formatIssues(parsed.error.issues)}`, { hint: 'fix the fields listed above, or move the file away', location: { file } });
  }
  return parsed.data.templates;
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    await syncDirectory(path.dirname(file));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new ServiceError('internal', `the templates could not be saved to ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}); nothing was changed`, 'free disk space or make RAG_DATA_DIR writable, then retry');
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => undefined);
  try {
    await handle?.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename is atomic all the same.
  } finally {
    await handle?.close();
  }
}
