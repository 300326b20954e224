import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from '../db/client';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openDatabaseOrExit({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
console.log((await seedDemoData(database.db)) ? 'Seeded demo data.' : 'The database already has data; nothing seeded.');
await database.close();
