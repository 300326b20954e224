import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './create-deps';
import { openDatabaseOrExit } from './db/client';
import { DEMO_USERS, seedDemoData } from './db/seed';
import { createLogger } from './lib/logger';

const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openDatabaseOrExit({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
log.info({ database: database.kind }, 'database ready, migrations applied');

if (config.seedDemo && (await seedDemoData(database.db))) {
  log.info('seeded demo data (first start)');
}

const deps = await createDeps(config, database.db, log);
const app = await buildApp(deps, log);
await app.listen({ port: config.port, host: config.host });
await deps.realtime.attach(app.server);

console.log(`\nOpen CPQ is running at ${config.publicUrl}  (API docs: ${config.publicUrl}/api/docs)`);
if (config.seedDemo) {
  console.log('Demo sign-ins (platform, role level, username, password):');
  for (const user of DEMO_USERS)
    console.log(`  ${user.pid.padEnd(8)} ${user.roleLevel}  ${user.username.padEnd(30)} ${user.password}`);
  console.log('Users on the "secure" platform must enrol an authenticator app at first sign-in.\n');
}

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
