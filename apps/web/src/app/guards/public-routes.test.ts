import { describe, expect, it } from 'vitest';
import { isPublicPath } from './public-routes';

describe('public routes', () => {
  it.each([
    '/',
    '/Login',
    '/login',
    '/ResetPassword',
    '/ResetPassword/',
    '/Configurator',
    '/Configurator/',
    '/Configurator/3/0/0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70',
    '/q/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd',
  ])('%s is open to visitors', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/MyProfile/ada@example.com',
    '/MyConfigurations',
    '/Quote/8',
    '/QuoteDashboard',
    '/Administration',
    '/Orders/ada',
    '/Orders/ada@example.com',
    '/Orders/default',
    '/ThankYou',
    '/Nowhere',
    '/Configurators',
    '/q',
    '/q/a/b',
  ])('%s sends visitors to /Login', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});
