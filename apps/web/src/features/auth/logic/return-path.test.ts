import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_PATH, returnStateOf, signInReturnPath } from './return-path';

describe('where a sign-in returns to', () => {
  it('the page the guard turned the visitor away from, with its query', () => {
    const state = returnStateOf({ pathname: '/Quote/12', search: '?opportunityId=OPP1' });
    expect(signInReturnPath({ pathname: '/Login', search: '', state })).toBe('/Quote/12?opportunityId=OPP1');
  });

  it('the same URL when the login form stands in for a page with a query', () => {
    expect(signInReturnPath({ pathname: '/', search: '?opportunityId=OPP1&Zip=94105-1234' })).toBe(
      '/?opportunityId=OPP1&Zip=94105-1234',
    );
  });

  it('else the quote dashboard; never another site or /Login itself', () => {
    expect(signInReturnPath({ pathname: '/', search: '' })).toBe(AFTER_SIGN_IN_PATH);
    expect(signInReturnPath({ pathname: '/Login', search: '?x=1' })).toBe(AFTER_SIGN_IN_PATH);
    expect(signInReturnPath({ pathname: '/Login', search: '', state: { from: '//evil.example/x' } })).toBe(
      AFTER_SIGN_IN_PATH,
    );
    expect(signInReturnPath({ pathname: '/Login', search: '', state: { from: 'https://evil.example' } })).toBe(
      AFTER_SIGN_IN_PATH,
    );
    expect(signInReturnPath({ pathname: '/Login', search: '', state: { from: '/login?x=1' } })).toBe(
      AFTER_SIGN_IN_PATH,
    );
  });
});
