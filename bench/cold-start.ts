/**
 * Production start: the time from starting the compiled server on an
 * existing data directory to its first healthy answer (target under 3 s), and
 * its resident memory once idle (target under 120 MB). Runs what `npm start`
 * runs (scripts/start.mjs), building first when dist/ is missing. The first start
 * creates the data directory (embedded PostgreSQL, demo data) and is not counted.
 * The embedded PostgreSQL is a process of its own; its memory is not in the figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatNumber } from './support/session';

const PORT = Number(process.env.BENCH_PORT ?? 5336);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const START_TARGET_MS = 3000;
const RSS_TARGET_MB = 120;
const START_SCRIPT = 'scripts/start.mjs';

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

async function healthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      // Readiness: the server listens before it has migrated and loaded its data (ADR 0171).
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error('no healthy answer within the deadline');
}

function start(dataDir: string): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [START_SCRIPT], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function run(): Promise<void> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
    console.log('Building (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = path.resolve('.tmp', `bench-cold-start-${process.pid}`);
  const url = `http://127.0.0.1:${PORT}`;
  await rm(dataDir, { recursive: true, force: true });
  try {
    const first = start(dataDir);
    try {
      await healthy(url, Date.now() + 180_000);
    } catch (error) {
      throw new Error(`first start failed: ${String(error)}\n${first.output()}`);
    } finally {
      await stop(first.child);
    }

    const starts: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const began = Date.now();
      const server = start(dataDir);
      try {
        await healthy(url, began + 60_000);
        starts.push(Date.now() - began);
        await sleep(IDLE_MS);
        rss.push(rssBytes(server.child.pid!));
      } finally {
        await stop(server.child);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const startMs = median(starts);
    const rssMb = median(rss) / 1024 / 1024;
    console.log(`Production start on an existing data directory (node ${START_SCRIPT}, embedded PostgreSQL), ${RUNS} starts`);
    console.log(`  cold start to first healthy answer  ${formatNumber(startMs)} ms median (${starts.map((s) => formatNumber(s)).join(', ')})  target < ${formatNumber(START_TARGET_MS)} ms`);
    console.log(`  idle RSS after ${IDLE_MS / 1000} s                  ${formatNumber(rssMb, 1)} MB median (${rss.map((r) => formatNumber(r / 1024 / 1024)).join(', ')})  target < ${RSS_TARGET_MB} MB`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
