/**
 * Starts the Salesforce stand-in as its own process (for the browser tests):
 *   SALESFORCE_STAND_IN_PORT=4020 npx tsx apps/server/src/adapters/crm/salesforce-stand-in.cli.ts
 * Credentials: SALESFORCE_STAND_IN_CLIENT_ID / SALESFORCE_STAND_IN_CLIENT_SECRET, else the stand-in's own.
 * Controls: GET /__control/state; POST /__control/fail-next {fault, times?, target?}, /__control/down {isDown},
 * /__control/delay {ms}, /__control/reset. Stops on SIGINT or SIGTERM.
 */
import { startSalesforceStandIn } from './salesforce-stand-in.test-support';

const port = Number(process.env.SALESFORCE_STAND_IN_PORT ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SALESFORCE_STAND_IN_PORT must be a port number, not "${process.env.SALESFORCE_STAND_IN_PORT}".`);
  process.exit(1);
}
const standIn = await startSalesforceStandIn({
  port,
  clientId: process.env.SALESFORCE_STAND_IN_CLIENT_ID || undefined,
  clientSecret: process.env.SALESFORCE_STAND_IN_CLIENT_SECRET || undefined,
});
console.log(`Salesforce stand-in listening on ${standIn.url} (controls under ${standIn.url}/__control/)`);

function stop() {
  void standIn.close().then(() => process.exit(0));
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
