import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';
import { createFileTemplateBackend, TemplatesFile } from './file-template-backend.ts';
import { createRedisTemplateBackend } from './redis-template-backend.ts';
import { testTemplateBackend } from './template-backend.contract.ts';

describe('TemplateBackend contract: a JSON file in the data dir', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  testTemplateBackend(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-templates-'));
    dirs.push(dir);
    return createFileTemplateBackend(path.join(dir, 'data'));
  });

  it('survives a restart: a new backend on the same dir reads what the old one wrote, from a valid file with no temporary left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-templates-'));
    dirs.push(dir);
    const first = await createFileTemplateBackend(dir);
    await first.insert({ id: 'kept', description: 'survives', instructions: ['One rule.'] });
    const second = await createFileTemplateBackend(dir);
    expect(await second.read('kept')).toEqual({ id: 'kept', description: 'survives', instructions: ['One rule.'] });
    expect(TemplatesFile.parse(JSON.parse(readFileSync(path.join(dir, 'templates.json'), 'utf8'))).templates).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['templates.json']);
  });

  it('leaves the templates as they were when the file cannot be written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-templates-'));
    dirs.push(dir);
    const data = path.join(dir, 'data');
    const backend = await createFileTemplateBackend(data);
    await backend.insert({ id: 'before', description: '', instructions: [] });
    rmSync(data, { recursive: true });
    writeFileSync(data, 'a file where the data dir was');
    await expect(backend.insert({ id: 'after', description: '', instructions: [] })).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('nothing was changed') });
    expect((await backend.all()).map((template) => template.id)).toEqual(['before']);
    expect(readdirSync(dir)).toEqual(['data']);
  });

  it('refuses to start on a file that is not a templates file, naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-templates-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'templates.json'), '{"schemaVersion":1,"templates":[{"id":"Bad Id"}]}');
    await expect(createFileTemplateBackend(dir)).rejects.toMatchObject({ code: 'config_invalid', message: expect.stringContaining(path.join(dir, 'templates.json')) });
    writeFileSync(path.join(dir, 'templates.json'), '{"schemaVersion":1,');
    await expect(createFileTemplateBackend(dir)).rejects.toMatchObject({ code: 'config_invalid', message: expect.stringContaining('is not JSON') });
  });
});

describe('TemplateBackend contract: a real redis-server', () => {
  let server: TestRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop();
  });
  testTemplateBackend(async () => {
    const redis = new Redis(server.url);
    clients.push(redis);
    await redis.flushdb();
    return createRedisTemplateBackend(redis);
  });
});
