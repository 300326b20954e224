import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzlePGlite } from './pglite-client';

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

  it('answers the rows of raw SQL through drizzle', async () => {
    const result = await db.execute(sql`SELECT count(*)::int AS n FROM events`);
    expect(result.rows[0]).toEqual({ n: 2 });
  });
});
