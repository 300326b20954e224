import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from './client';

const config = loadConfig();
const database = await openDatabaseOrExit({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
console.log(`Migrations applied (${database.kind}).`);
await database.close();
