import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../create-service.ts';
import { createTestWorld, startTestService, type TestWorld } from '../testing/create-test-service.ts';
import { signSlackRequest } from './verify-slack-signature.ts';

const SECRET = 'slack-signing-secret-for-tests';

describe('POST /slack/commands over a real service, answering to a local response_url server', () => {
  let world: TestWorld;
  let service: Service;
  let url: string;
  let hook: Server;
  let hookUrl: string;
  const posted: Array<{ path: string; body: any }> = [];
  const waiters: Array<() => void> = [];

  beforeAll(async () => {
    world = await createTestWorld();
    hook = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        posted.push({ path: request.url ?? '', body: JSON.parse(text) });
        response.end('ok');
        waiters.shift()?.();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const address = hook.address();
    hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ({ service, url } = await startTestService(world, { RAG_SLACK_SIGNING_SECRET: SECRET, RAG_SLACK_TENANT: 'harbour', RAG_SLACK_RESPONSE_URL_PREFIX: `${hookUrl}/` }));
  });
  afterAll(async () => {
    await service?.close();
    await new Promise((resolve) => hook?.close(resolve));
    world?.remove();
  });

  async function command(text: string, options: { timestamp?: number; secret?: string; responsePath?: string } = {}) {
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const body = new URLSearchParams({ command: '/clausegate', text, response_url: `${hookUrl}${options.responsePath ?? '/hook'}`, user_id: 'U1', team_id: 'T1' }).toString();
    const response = await fetch(`${url}/slack/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signSlackRequest(options.secret ?? SECRET, timestamp, body) },
      body,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('acknowledges at once, then posts the answer as Block Kit with each citation as a context block', async () => {
    const delivered = new Promise<void>((resolve) => waiters.push(resolve));
    const started = performance.now();
    const ack = await command('What is the monthly fee for a non-professional display device?', { responsePath: '/answer' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(ack.status).toBe(200);
    expect(ack.body.text).toContain('Looking that up');
    await delivered;
    const message = posted.find((entry) => entry.path === '/answer')!.body;
    expect(message.blocks[1]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(message.blocks[1].text.text).toContain('$3.50');
    expect(message.blocks[2]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: '[C0] harbourview-fee-schedule-2026.pdf, page 1 — Market Data Fees' }] });
  });

  it('styles a refusal as one, with its reason code', async () => {
    const delivered = new Promise<void>((resolve) => waiters.push(resolve));
    await command('What is the penalty for late payment in Japanese yen?', { responsePath: '/refusal' });
    await delivered;
    const message = posted.find((entry) => entry.path === '/refusal')!.body;
    expect(message.blocks[1].text.text).toContain('Not answered from the documents');
    expect(message.blocks[1].text.text).toContain('This is not addressed in the provided Harbourview documents.');
    expect(message.blocks[2].elements[0].text).toMatch(/^reason: `\w+`$/);
  });

  it('answers 401 to a bad signature and to a timestamp older than 5 minutes, and posts nothing', async () => {
    const before = posted.length;
    const forged = await command('What is Delayed Data?', { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('slack_signature_invalid');
    const old = await command('What is Delayed Data?', { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toContain('5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posted.length).toBe(before);
    expect(JSON.stringify(forged.body)).not.toContain(SECRET);
  });

  it('refuses a response_url outside the allowed prefix', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = new URLSearchParams({ text: 'What is Delayed Data?', response_url: 'http://169.254.169.254/latest' }).toString();
    const response = await fetch(`${url}/slack/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signSlackRequest(SECRET, timestamp, body) },
      body,
    });
    expect(response.status).toBe(400);
  });
});
