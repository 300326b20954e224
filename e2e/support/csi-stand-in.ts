import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(REPO_ROOT, 'apps', 'server', 'src', 'adapters', 'erp', 'csi-stand-in.cli.ts');

/** What the stand-in CLI prints once it listens: the connection a platform stores, and where its controls answer. */
export type TCsiStandInInfo = {
  url: string;
  origin: string;
  control: string;
  config: string;
  username: string;
  password: string;
};

export type TCsiStandInProcess = TCsiStandInInfo & {
  /** The platform's ERP connection (platformManagement/updateIntegrationSettings `erp`). */
  connection(): { baseUrl: string; config: string; username: string; password: string };
  /** Sets a customer order's CSI status code (e.g. 'C' Complete) as the ERP's users would. */
  setOrderStatus(erpOrderNo: string, status: string): Promise<void>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
};

/**
 * The Infor CSI stand-in as a process of its own (apps/server/src/adapters/erp/csi-stand-in.cli.ts), on a free
 * port: the app under test reaches it over HTTP like a real CSI, and the test drives it through `/__control/`.
 */
export async function startCsiStandInProcess(): Promise<TCsiStandInProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--host', '127.0.0.1'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const info = await firstJsonLine(child, () => stderr);

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  return {
    ...info,
    connection: () => ({ baseUrl: info.url, config: info.config, username: info.username, password: info.password }),
    async setOrderStatus(erpOrderNo, status) {
      const response = await fetch(`${info.control}/order-status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ erpOrderNo, status }),
      });
      if (!response.ok) throw new Error(`CSI stand-in order-status: ${response.status} ${await response.text()}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/** The CLI's one JSON line on stdout; a process that exits or stays silent for 60 s first is an error. */
function firstJsonLine(child: ChildProcess, stderr: () => string): Promise<TCsiStandInInfo> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const fail = (why: string) => {
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(new Error(`CSI stand-in did not start: ${why}\n${stderr()}`));
    };
    const timer = setTimeout(() => fail('no answer within 60 s'), 60_000);
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code})`));
    child.once('error', (error) => fail(error.message));
    lines.on('line', (line) => {
      if (!line.trim().startsWith('{')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      lines.close();
      // Keep reading what the process writes so that a full pipe never blocks it.
      child.stdout?.resume();
      resolve(JSON.parse(line) as TCsiStandInInfo);
    });
  });
}
