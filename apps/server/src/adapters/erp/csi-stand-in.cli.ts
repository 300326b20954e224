/**
 * The CSI stand-in as its own process, for tests that need it outside theirs (a browser run, a server that is
 * killed and restarted): `tsx apps/server/src/adapters/erp/csi-stand-in.cli.ts [--port N | N] [--host H]`, or
 * CSI_STAND_IN_PORT / CSI_STAND_IN_HOST. It prints one JSON line (url, origin, credentials) once it listens, answers
 * the controls under `/__control/` and stops on SIGINT or SIGTERM.
 */
import { startCsiStandIn } from './csi-stand-in.test-support';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const positional = process.argv.slice(2).find((arg) => /^\d+$/.test(arg));
const port = Number(option('port') ?? positional ?? process.env.CSI_STAND_IN_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`csi-stand-in: not a port: ${option('port') ?? process.env.CSI_STAND_IN_PORT}`);
  process.exit(2);
}
const standIn = await startCsiStandIn({ port, host: option('host') ?? process.env.CSI_STAND_IN_HOST ?? '127.0.0.1' });
const { baseUrl, ...credentials } = standIn.connection();
console.log(
  JSON.stringify({ url: baseUrl, origin: standIn.origin, control: `${standIn.origin}/__control`, ...credentials }),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    standIn.close().finally(() => process.exit(0));
  });
}
