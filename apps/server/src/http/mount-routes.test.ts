import { Writable } from 'node:stream';
import { API_PREFIX, type TRoutePath } from '@cpq/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TActors } from './actors';
import { handleError } from './error-handler';
import type { THandlers } from './handlers';
import { mountRoutes } from './mount-routes';

/** An app whose every route answers `result`, with what it logs at error level. */
async function appAnswering(result: unknown) {
  const logged: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logged.push(String(chunk));
      callback();
    },
  });
  const log: FastifyBaseLogger = pino({ level: 'error' }, logStream);
  const app = Fastify({ loggerInstance: log });
  app.setErrorHandler(handleError);
  const handlers = new Proxy({}, { get: () => async () => result }) as THandlers<TRoutePath>;
  const actors: TActors = { resolve: async () => null, isCaching: false, close: async () => {} };
  mountRoutes(app, handlers, { actors, clock: () => new Date() });
  await app.ready();
  return { app, logged };
}

// A public route whose contract is `{ sent: true }`.
const forgotPassword = { method: 'POST', url: `${API_PREFIX}/auth/forgotPassword` } as const;
const payload = { username: 'ann@example.com' };

describe('mountRoutes', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('answers the result in the envelope, without the fields its contract does not name', async () => {
    const { app } = await appAnswering({ sent: true, passwordHash: 'secret' });
    close = () => app.close();
    const answer = await app.inject({ ...forgotPassword, payload });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toBe('{"success":true,"result":{"sent":true}}');
  });

  it('answers 500 for a result that breaks its contract, and logs which route and how', async () => {
    const { app, logged } = await appAnswering({ sent: false });
    close = () => app.close();
    const answer = await app.inject({ ...forgotPassword, payload });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(answer.body).not.toContain('sent');
    const line = logged.find((text) => text.includes('result does not match its contract'));
    expect(line).toContain('"route":"auth/forgotPassword"');
    expect(line).toContain('"path":["sent"]');
  });
});
