import { Writable } from 'node:stream';
import { MAX_REQUEST_DEPTH, msgUnstorableText } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createLogger } from '../lib/logger';
import { hashPassword } from '../lib/passwords';
import { expectFailure } from '../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../testing/platform-actors';
import { createTestApp, type TTestApp } from '../testing/test-app';

let t: TTestApp;
let actors: TPlatformActors;
beforeAll(async () => {
  t = await createTestApp();
  actors = await createPlatformActors(t);
});
afterAll(async () => {
  await t.close();
});

describe('text PostgreSQL cannot store', () => {
  it('is what the database refuses (the attack, tried below the guard)', async () => {
    const attempt = t.database.db.insert(users).values({
      username: 'nul@example.com',
      firstName: 'A\u0000',
      lastName: '',
      roleId: 'x',
      pid: actors.pid,
      passwordHash: 'h',
    });
    await expect(attempt).rejects.toThrow();
  });

  it('is refused with a 400 naming the field, signed out (sign-up) and signed in (searches)', async () => {
    const signUp = await t.call('userManagement/createUser', {
      input: { username: 'nul-signup@example.com', firstName: 'Eve\u0000' },
    });
    const body = expectFailure(signUp, 'VALIDATION_FAILED', msgUnstorableText('input.firstName'), 400);
    expect(body.details).toEqual([{ path: 'input.firstName', message: msgUnstorableText('input.firstName') }]);

    for (const path of ['productManagement/getProducts', 'statusTypesMgmt/getStatusTypes'] as const) {
      for (const search of ['\u0000', 'a\uD800', '\uDC00b']) {
        const response = await t.call(path, { search }, actors.token[9]);
        expectFailure(response, 'VALIDATION_FAILED', msgUnstorableText('search'), 400);
      }
    }
  });

  it('is refused in object keys and past the nesting limit, before access rules cost a query', async () => {
    const key = await t.call('auth/login', { 'user\u0000name': 'x' });
    expectFailure(key, 'VALIDATION_FAILED', undefined, 400);
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_REQUEST_DEPTH + 5; i += 1) deep = { a: deep };
    expectFailure(await t.call('auth/login', deep), 'VALIDATION_FAILED', undefined, 400);
  });

  it('still accepts ordinary text with control characters and emoji', async () => {
    const response = await t.call('productManagement/getProducts', { search: 'tab\there 😀' }, actors.token[9]);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('database errors in the log', () => {
  it('carry the SQLSTATE code but never the statement parameters, row values or hashes', async () => {
    const lines: string[] = [];
    const log = createLogger(
      'trace',
      new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    );
    const hash = await hashPassword('Secret#Pass1');
    const error = await t.database.db
      .insert(users)
      .values({
        username: 'leak@example.com',
        firstName: 'A\u0000',
        lastName: '',
        roleId: 'x',
        pid: 'p',
        passwordHash: hash,
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    // The control: the raw error does carry the hash.
    expect(JSON.stringify({ message: (error as Error).message })).toContain(hash.slice(-20));
    log.error({ err: error }, 'unhandled error');
    const logged = lines.join('\n');
    expect(logged).toContain('22021');
    expect(logged).not.toContain(hash.slice(-20));
    expect(logged).not.toContain('leak@example.com');
  });
});
