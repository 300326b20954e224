import { join } from 'node:path';
import { buildApp } from './app';
import { startBanner } from './banner';
import { loadConfig } from './config';
import { createDeps } from './create-deps';
import { openDatabaseOrExit } from './db/client';
import { createLogger } from './lib/logger';
import { seedDemoData } from './seed/seed';

const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabaseOrExit({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
log.info({ database: database.kind }, 'database ready, migrations applied');

const seededNow = config.seedDemo && (await seedDemoData(database.db));
if (seededNow) log.info('seeded demo data (first start)');

const deps = await createDeps(config, database.db, log);
const app = await buildApp(deps, log);
await app.listen({ port: config.port, host: config.host });
await deps.realtime.attach(app.server);

console.log(startBanner({ publicUrl: config.publicUrl, seedDemo: config.seedDemo, seededNow }));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await deps.realtime.close();
    await deps.actors.close();
    await deps.mailer.close();
    await deps.limiter.close();
    await database.close();
    process.exit(0);
  });
}
