import { describe, expect, it } from 'vitest';
import { isCrmHandoffPath, readCrmHandoff, withoutCrmHandoff } from './handoff';

const QUERY =
  '?opportunityId=OPP1&opportunityName=Acme%20Lift&contactFirstName=Ann&Zip=94105-1234&Address=1%20Main%20St%0ASuite%209&tab=2';

describe('the CRM hand-off in a query', () => {
  it('reads every known parameter as text, and nothing else', () => {
    expect(readCrmHandoff(QUERY)).toEqual({
      opportunityId: 'OPP1',
      opportunityName: 'Acme Lift',
      contactFirstName: 'Ann',
      Zip: '94105-1234',
      Address: '1 Main St\nSuite 9',
    });
  });

  it('is one with an opportunity, or an existing quote and its id; not otherwise', () => {
    expect(readCrmHandoff('?existingQuote=true&quoteId=12')).toEqual({ existingQuote: 'true', quoteId: '12' });
    expect(readCrmHandoff('?existingQuote=1&quoteId=12')).not.toBeNull();
    expect(readCrmHandoff('?existingQuote=true')).toBeNull();
    expect(readCrmHandoff('?quoteId=12')).toBeNull();
    expect(readCrmHandoff('?existingQuote=false&quoteId=12')).toBeNull();
    expect(readCrmHandoff('?opportunityId=%20')).toBeNull();
    expect(readCrmHandoff('?contactFirstName=Ann')).toBeNull();
    expect(readCrmHandoff('')).toBeNull();
  });

  it('strips the hand-off and keeps the rest of the query', () => {
    expect(withoutCrmHandoff(QUERY)).toBe('?tab=2');
    expect(withoutCrmHandoff('?opportunityId=OPP1')).toBe('');
  });

  it('tells a return path that carries one', () => {
    expect(isCrmHandoffPath('/?opportunityId=OPP1')).toBe(true);
    expect(isCrmHandoffPath('/QuoteDashboard?existingQuote=yes&quoteId=4')).toBe(true);
    expect(isCrmHandoffPath('/QuoteDashboard')).toBe(false);
  });
});
