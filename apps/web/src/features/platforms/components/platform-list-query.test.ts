import type { TPlatformView } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { pagePlatforms } from './platform-list-query';

const platform = (id: string, name: string, emailAddresses = ''): TPlatformView => ({
  version: 1,
  id,
  name,
  emailAddresses,
  integration: 'default',
  requireMFA: '0',
  requireHttps: '0',
  csiOrderCompleteString: 'Ordered',
});
const all = [platform('b', 'Beta', 'ops@beta.io'), platform('a', 'Alpha'), platform('c', 'Gamma')];

describe('platform list paging', () => {
  it('orders by id by default and pages', () => {
    expect(pagePlatforms(all, { limit: 2, offset: 0 }).rows.map((p) => p.id)).toEqual(['a', 'b']);
    expect(pagePlatforms(all, { limit: 2, offset: 2 })).toMatchObject({ count: 3, rows: [{ id: 'c' }] });
  });

  it('searches id, name and e-mails, and sorts either way', () => {
    expect(pagePlatforms(all, { limit: 12, offset: 0, search: 'OPS@' }).rows.map((p) => p.id)).toEqual(['b']);
    expect(pagePlatforms(all, { limit: 12, offset: 0, order: ['name', 'DESC'] }).rows.map((p) => p.name)).toEqual([
      'Gamma',
      'Beta',
      'Alpha',
    ]);
  });
});
