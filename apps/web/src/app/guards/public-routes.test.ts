import { describe, expect, it } from 'vitest';
import { isPublicPath } from './public-routes';

describe('public routes', () => {
  it.each(['/', '/Login', '/login', '/ResetPassword', '/ResetPassword/'])('%s is open to visitors', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/MyProfile/ada@example.com', '/QuoteDashboard', '/Administration', '/Orders/ada', '/Nowhere'])(
    '%s sends visitors to /Login',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});
