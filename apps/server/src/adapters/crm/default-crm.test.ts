import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { createPlatform } from '../../testing/factories';
import { openTestDatabase } from '../../testing/test-database';
import { createDefaultCrm } from './default-crm';

let database: TDatabase;
let pid: string;
beforeAll(async () => {
  database = await openTestDatabase();
  pid = (await createPlatform(database.db)).id;
});
afterAll(() => database.close());

describe('the built-in CRM', () => {
  it('knows no quote number for a local id past the id range, without a failed query', async () => {
    const crm = createDefaultCrm(database.db, pid);
    for (const id of ['LQ-2147483648', 'LQ-9007199254740991', 'LQ-1e3', 'LQ-0']) {
      await expect(crm.getQuoteNumber(id), id).resolves.toBeNull();
    }
    await expect(crm.getQuoteNumber('LQ-2147483647')).resolves.toBeNull();
  });
});
