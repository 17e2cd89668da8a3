import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ChildServer {
  url: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), in bytes. */
  peakRss(): number;
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

/**
 * Starts bench/support/serve.ts in its own process and waits until it listens.
 * BENCH_SERVER_NODE_ARGS adds node flags to that process only, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of the portal under load.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  let output = '';
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/support/serve.ts'], {
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    // BENCH_SERVER_START_MS: a longer wait on a machine shared with other work (bench/offline.ts at 50,000 SKUs).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), Number(process.env.BENCH_SERVER_START_MS ?? 60_000));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    pid,
    peakRss: () => statusField(pid, 'VmHWM'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
