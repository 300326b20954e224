import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSI_ORDER_REF_PROPERTY } from '../adapters/erp/csi-erp';
import { startCsiStandIn, type TCsiStandIn } from '../adapters/erp/csi-stand-in.test-support';
import { jobs, quoteLines, quotes } from '../db/schema';
import { createSecretBox } from '../lib/secret-box';
import { saveIntegrationRow } from '../modules/integrations/integration-settings.repository';
import { createPlatform, createUser } from '../testing/factories';
import { openTestDatabase } from '../testing/test-database';
import { until } from '../testing/wait';
import { insertJob } from './jobs.repository';

/**
 * The crash test of the durable jobs: the real server, as its own process, runs a burst of 100 ERP order
 * submissions against the CSI stand-in, is killed (SIGKILL: no clean shutdown) half way, and is started again. Each
 * order must reach the ERP exactly once: jobs that were running when it died are claimed again when their lease
 * passes, and the adapter finds an order an earlier run created instead of creating it twice.
 * PostgreSQL only: two processes share the database (the embedded one belongs to one process).
 */
const JOB_COUNT = 100;
const TOKEN_SECRET = 'kill-restart-token-secret-that-is-long-enough-0123';
const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url));

describe.skipIf(!process.env.DATABASE_URL)('durable jobs survive a killed server', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let csi: TCsiStandIn;
  let dataDir: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    database = await openTestDatabase();
    csi = await startCsiStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'cpq-kill-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await csi.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startServer(): ChildProcess {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      TOKEN_SECRET,
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOBS_WORKER: '1',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: '1500',
      JOBS_RETRY_BASE_MS: '200',
      ERP_POLL_MS: '3600000',
    };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  }

  it('kills the server in the middle of 100 ERP jobs, restarts it, and each order reaches the ERP once', async () => {
    const { db } = database;
    const platform = await createPlatform(db, { integration: 'CSI' });
    const { user } = await createUser(db, { roleLevel: 1, pid: platform.id });
    const { baseUrl, config, username, password } = csi.connection();
    const box = createSecretBox(new TextEncoder().encode(TOKEN_SECRET));
    await saveIntegrationRow(db, platform.id, { erp: { baseUrl, config, username }, erpSecret: box.seal(password) });

    const orderIds: number[] = [];
    for (let index = 0; index < JOB_COUNT; index += 1) {
      const [order] = await db
        .insert(quotes)
        .values({
          guid: randomUUID(),
          pid: platform.id,
          type: 2,
          createdByUserId: user.id,
          createdByEmail: user.username,
          csiCustomerNumber: 'C000042',
          poNumber: `PO-${index}`,
          dateOrderPlaced: new Date(),
          integration: 'CSI',
        })
        .returning();
      await db.insert(quoteLines).values({
        guid: randomUUID(),
        quoteId: order!.id,
        pid: platform.id,
        price: '10.00',
        partNumber: `PART-${index}`,
      });
      orderIds.push(order!.id);
      await insertJob(db, {
        queue: 'erp.submitOrder',
        key: `erp.submitOrder:${order!.id}`,
        pid: platform.id,
        subject: `Order #${order!.id}`,
        payload: { quoteId: order!.id },
        maxAttempts: 10,
      });
    }
    // Each ERP call takes a little while, so the burst is still running when the server dies.
    csi.control.setDelay(15);
    const statusesOf = async () =>
      await db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(eq(jobs.pid, platform.id));

    const first = startServer();
    await until(() => csi.state.counts.ordersCreated >= 25, { timeoutMs: 60_000, what: 'the first 25 orders' });
    first.kill('SIGKILL');
    await once(first, 'exit');
    const atKill = await statusesOf();
    const done = atKill.filter((job) => job.status === 'done').length;
    expect(done).toBeLessThan(JOB_COUNT);
    // Jobs the dead server was running stay claimed until their lease passes; none is lost.
    expect(atKill.filter((job) => job.status === 'running').length).toBeGreaterThan(0);
    expect(atKill).toHaveLength(JOB_COUNT);

    const second = startServer();
    await until(async () => (await statusesOf()).every((job) => job.status === 'done'), {
      timeoutMs: 90_000,
      what: 'every job done',
    });
    second.kill('SIGTERM');
    await once(second, 'exit');

    const after = await statusesOf();
    expect(after.every((job) => job.status === 'done')).toBe(true);
    expect(after.some((job) => job.attempts >= 2)).toBe(true);
    expect(csi.state.counts.ordersCreated).toBe(JOB_COUNT);
    const refs = csi.state.rows.SLCos.map((row) => row[CSI_ORDER_REF_PROPERTY]);
    expect(new Set(refs).size).toBe(JOB_COUNT);
    const recorded = await db
      .select({ erpOrderNo: quotes.erpOrderNo })
      .from(quotes)
      .where(inArray(quotes.id, orderIds));
    expect(recorded.every((row) => row.erpOrderNo)).toBe(true);
    expect(new Set(recorded.map((row) => row.erpOrderNo)).size).toBe(JOB_COUNT);
  }, 180_000);
});
