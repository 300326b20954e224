import { API_PREFIX, ROUTES } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './testing/test-app';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

/**
 * Reads Fastify's route tree (`printRoutes({ commonPrefix: false })`), where a child line continues its parent's
 * path ("├── /api/v1/userManagement/getUser (POST)" then "│   └── s (POST)" for getUsers), into full paths.
 */
function mountedRoutes(tree: string): { path: string; methods: string[] }[] {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ''}${match[2]}`;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(',').map((method) => method.trim()) });
  }
  return routes;
}

describe('the mounted API', () => {
  it('is exactly the route table, each route POST only', () => {
    const mounted = mountedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.path.startsWith(`${API_PREFIX}/`),
    );
    const expected = Object.keys(ROUTES).map((path) => `${API_PREFIX}/${path}`);
    expect(mounted.map((route) => route.path).sort()).toEqual(expected.sort());
    for (const route of mounted) expect(route.methods, route.path).toEqual(['POST']);
  });

  // A mounted route may still answer 404 for a record it cannot find, but never "No such route".
  it.each(Object.keys(ROUTES))('answers POST %s', async (path) => {
    const response = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/${path}`, payload: {} });
    expect(response.json().error ?? '', response.body).not.toMatch(/^No such route/);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(typeof response.json().success).toBe('boolean');
  });

  it('answers unknown API paths and other methods with the 404 envelope', async () => {
    for (const request of [
      { method: 'POST' as const, url: `${API_PREFIX}/userManagement/getEveryone` },
      { method: 'POST' as const, url: '/api/v2/userManagement/getUser' },
      { method: 'GET' as const, url: `${API_PREFIX}/userManagement/getUser` },
      { method: 'GET' as const, url: '/api/nothing-here?token=x' },
    ]) {
      const response = await t.app.inject({ ...request, payload: request.method === 'POST' ? {} : undefined });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        error: `No such route: ${request.method} ${request.url.split('?')[0]}`,
      });
    }
  });
});
