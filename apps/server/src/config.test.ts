import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { TOKEN_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', trustProxy: false, seedDemo: true });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
  });

  it('reads the model compile limits, with the engine’s budget and node cap by default', () => {
    expect(loadConfig(base).modelCompile).toMatchObject({ budgetMs: 10_000, maxNodes: 4_000_000, memoryMb: 512 });
    expect(loadConfig(base).modelCompile.threads).toBeGreaterThanOrEqual(1);
    const small = loadConfig({ ...base, MODEL_COMPILE_BUDGET_MS: '250', MODEL_COMPILE_THREADS: '2' }).modelCompile;
    expect(small).toMatchObject({ budgetMs: 250, threads: 2 });
    expect(() => loadConfig({ ...base, MODEL_COMPILE_BUDGET_MS: '0' })).toThrow(/MODEL_COMPILE_BUDGET_MS/);
    expect(() => loadConfig({ ...base, MODEL_COMPILE_MEMORY_MB: 'lots' })).toThrow(/MODEL_COMPILE_MEMORY_MB/);
  });

  it('keeps compiled diagrams in the data folder unless MODEL_COMPILE_STORE=0', () => {
    const config = loadConfig(base);
    expect(config.compiledModelsDir).toBe(join(config.dataDir, 'compiled-models'));
    expect(loadConfig({ ...base, MODEL_COMPILE_STORE: '0' }).compiledModelsDir).toBeNull();
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('generates the token secret once and keeps it across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cpq-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second.tokenSecret).equals(Buffer.from(first.tokenSecret))).toBe(true);
    expect(readFileSync(join(dataDir, 'token-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it('takes card payments through the test gateway unless STRIPE_SECRET_KEY is set, and needs its publishable key', () => {
    expect(loadConfig(base).stripe).toBeNull();
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(loadConfig({ ...base, ...stripe }).stripe).toEqual({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: null,
      apiUrl: null,
    });
    const standIn = loadConfig({
      ...base,
      ...stripe,
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:4010',
    });
    expect(standIn.stripe?.apiUrl?.port).toBe('4010');
    expect(standIn.stripe?.webhookSecret).toBe('whsec_x');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });
});
