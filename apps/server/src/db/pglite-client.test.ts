import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors';
import { deferred } from '../testing/wait';
import { DrizzlePGlite, PREPARED_STATEMENTS } from './pglite-client';

const events = pgTable('events', { id: serial().primaryKey(), at: timestamp({ withTimezone: true }).notNull() });
const at = new Date('2026-11-25T10:20:30.456Z');
const doubled = { [types.INT4]: (value: string) => Number(value) * 2 };

let client: DrizzlePGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new DrizzlePGlite('memory://');
  db = drizzle(client);
  await client.exec('CREATE TABLE events (id serial PRIMARY KEY, at timestamptz NOT NULL)');
});

afterAll(async () => {
  await client.close();
});

describe('DrizzlePGlite', () => {
  it('reads timestamps through drizzle as the instants written, outside and inside transactions', async () => {
    await db.insert(events).values({ at });
    expect((await db.select().from(events))[0]?.at.toISOString()).toBe(at.toISOString());
    const inside = await db.transaction(async (tx) => {
      await tx.insert(events).values({ at: new Date(at.getTime() + 1000) });
      return tx.select().from(events).orderBy(events.id);
    });
    expect(inside.map((row) => row.at.getTime())).toEqual([at.getTime(), at.getTime() + 1000]);
  });

  it("reads drizzle's types as text in raw queries too, and still applies a query's parsers for other types", async () => {
    const raw = await client.query<{ at: unknown; n: unknown }>("SELECT '2026-11-25 10:20:30+00'::timestamptz AS at");
    expect(typeof raw.rows[0]?.at).toBe('string');
    expect((await client.query<{ n: number }>('SELECT 21 AS n', [], { parsers: doubled })).rows[0]?.n).toBe(42);
    await client.transaction(async (tx) => {
      expect(tx.closed).toBe(false);
      expect((await tx.query<{ n: number }>('SELECT 21 AS n', [], { parsers: doubled })).rows[0]?.n).toBe(42);
    });
  });

  it("runs with PGlite's own settings and ours: new WAL files are not filled with zeros", async () => {
    const setting = async (name: string) =>
      (await client.query<{ value: string }>('SELECT current_setting($1) AS value', [name])).rows[0]?.value;
    expect(await setting('wal_init_zero')).toBe('off');
    expect(await setting('max_parallel_workers')).toBe('0');
  });

  it('answers the rows of raw SQL through drizzle', async () => {
    const result = await db.execute(sql`SELECT count(*)::int AS n FROM events`);
    expect(result.rows[0]).toEqual({ n: 2 });
  });
});

describe('prepared statements', () => {
  const preparedCount = async () =>
    (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]?.n ?? -1;

  it('keeps a query prepared and answers it as PGlite does: rows, typed parameters, nulls, affected rows', async () => {
    await client.exec('CREATE TABLE things (id int PRIMARY KEY, data jsonb, flag boolean, big bigint, at timestamptz)');
    const insert = 'INSERT INTO things (id, data, flag, big, at) VALUES ($1, $2, $3, $4, $5) RETURNING id';
    const first = await client.query(insert, [1, { a: [1, 'x'] }, true, 2n ** 40n, at]);
    const before = await preparedCount();
    const second = await client.query(insert, [2, null, false, null, null]);
    expect(await preparedCount()).toBe(before);
    const held = await client.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [
      insert,
    ]);
    expect(held.rows).toEqual([{ n: 1 }]);
    expect(first.rows).toEqual([{ id: 1 }]);
    expect(second.affectedRows).toBe(1);
    const read = await client.query('SELECT id, data, flag, big, at FROM things ORDER BY id');
    const standard = await PGlite.prototype.query.call(
      client,
      'SELECT id, data, flag, big, at FROM things ORDER BY id',
    );
    expect(read.rows).toEqual(standard.rows);
    expect(read.fields).toEqual(standard.fields);
    expect(read.rows[0]).toEqual({
      id: 1,
      data: { a: [1, 'x'] },
      flag: true,
      big: 2 ** 40,
      at: '2026-11-25 10:20:30.456+00',
    });
    expect(read.rows[1]).toEqual({ id: 2, data: null, flag: false, big: null, at: null });
    expect((await client.query('SELECT id FROM things', [], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('throws database errors with their code and query, and goes on working after them', async () => {
    const insert = 'INSERT INTO things (id) VALUES ($1)';
    const error = await client.query(insert, [1]).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { query?: string }).query).toBe(insert);
    await expect(client.query('SELEC 1')).rejects.toMatchObject({ code: '42601', query: 'SELEC 1' });
    expect((await client.query(insert, [3])).affectedRows).toBe(1);
    expect((await client.query('SELECT count(*)::int AS n FROM things')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const all = 'SELECT * FROM things WHERE id = $1';
    expect(Object.keys((await client.query<object>(all, [1])).rows[0] ?? {})).not.toContain('note');
    await client.exec("ALTER TABLE things ADD COLUMN note text DEFAULT 'n'");
    expect((await client.query<{ note: string }>(all, [1])).rows[0]?.note).toBe('n');
  });

  it(`keeps at most ${PREPARED_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i < PREPARED_STATEMENTS + 20; i += 1) {
      expect((await client.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1])).rows[0]?.n).toBe(i + 1);
    }
    expect(await preparedCount()).toBe(PREPARED_STATEMENTS);
    expect((await client.query<{ n: number }>('SELECT $1::int + 0 AS n', [1])).rows[0]?.n).toBe(1);
  });

  it('delivers notifications raised by a prepared statement before it returns', async () => {
    const heard: string[] = [];
    const stop = await client.listen('prepared_channel', (payload) => heard.push(payload));
    await client.query("SELECT pg_notify('prepared_channel', $1)", ['first']);
    expect(heard).toEqual(['first']);
    await client.query("SELECT pg_notify('prepared_channel', $1)", ['second']);
    expect(heard).toEqual(['first', 'second']);
    await stop();
  });
});

describe('exclusion (its own locks in place of PGlite mutexes)', () => {
  /**
   * A transaction on `on` that inserts 1 into `table`, then holds the transaction open until `release` is called
   * and ends with `last`; answered once the insert has run.
   */
  async function heldTransaction<T>(on: DrizzlePGlite, table: string, last: (tx: Transaction) => Promise<T>) {
    const holding = deferred();
    const inserted = deferred();
    const done = on.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} VALUES (1)`);
      inserted.resolve();
      await holding.promise;
      return last(tx);
    });
    await inserted.promise;
    return { release: holding.resolve, done };
  }

  it('runs a query sent during a transaction after it, never inside it', async () => {
    await client.exec('CREATE TABLE exclusion (id int PRIMARY KEY)');
    const held = await heldTransaction(client, 'exclusion', (tx) => tx.query('INSERT INTO exclusion VALUES (2)'));
    // Inside the open transaction this would count its first row; it must wait for the commit and count both.
    const counted = client.query<{ n: number }>('SELECT count(*)::int AS n FROM exclusion');
    const failing = client.query('INSERT INTO exclusion VALUES (1)');
    held.release();
    await held.done;
    expect((await counted).rows[0]?.n).toBe(2);
    await expect(failing).rejects.toThrow(/duplicate key/);
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM exclusion')).rows[0]?.n).toBe(2);
  });

  it('closes after the work already sent has finished, and refuses work after that', async () => {
    const own = new DrizzlePGlite('memory://');
    await own.exec('CREATE TABLE closing (id int)');
    const held = await heldTransaction(
      own,
      'closing',
      async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM closing')).rows[0]?.n,
    );
    const closing = own.close();
    held.release();
    expect(await held.done).toBe(1);
    await closing;
    expect(own.closed).toBe(true);
    await expect(own.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});
