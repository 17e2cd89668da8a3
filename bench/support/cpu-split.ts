import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a benchmark's CPU went: the load generator (this process), the portal's
 * process, PostgreSQL (postmaster and every backend) and the whole machine's
 * kernel and idle time, read from /proc before and after a run. On two shared cores
 * the three compete, so a req/s figure alone cannot say what to make cheaper.
 * Linux only; elsewhere it prints nothing.
 */
const TICK_MS = 10; // USER_HZ is 100 on every Linux we run

interface Snapshot {
  bench: NodeJS.CpuUsage;
  server: number[];
  postgres: number[];
  machine: number[] | null;
  at: number;
}

/** utime and stime of one process (all its threads), in ms; zeros once it has gone. */
function processTimes(pid: number): number[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state(0) ppid(1) ... utime(11) stime(12).
    return [Number(fields[11]) * TICK_MS, Number(fields[12]) * TICK_MS];
  } catch {
    return [0, 0];
  }
}

function childrenOf(parent: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** user, nice, system, idle, iowait, irq, softirq of all CPUs together, in ms. */
function machineTimes(): number[] | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    return line.split(/\s+/).slice(1, 8).map((v) => Number(v) * TICK_MS);
  } catch {
    return null;
  }
}

const sum = (rows: number[][]) => rows.reduce((a, r) => [a[0]! + r[0]!, a[1]! + r[1]!], [0, 0]);

export interface CpuSplit {
  /** Take the "before" snapshot. */
  start(): void;
  /** Lines describing the CPU used since start(); with `requests`, also per request (steadier than req/s on a shared machine). */
  report(requests?: number): string[];
}

/**
 * `postmasterPid` is undefined for an external PostgreSQL (its backends are not ours to count).
 * `serverPid` undefined: no portal in this run (the load generator talks to PostgreSQL itself);
 * `loadLabel` names this process's line.
 */
export function cpuSplit(serverPid: number | undefined, postmasterPid: () => number | undefined, loadLabel = 'autocannon'): CpuSplit {
  const take = (): Snapshot => {
    const postmaster = postmasterPid();
    const pgPids = postmaster ? [postmaster, ...childrenOf(postmaster)] : [];
    return {
      bench: process.cpuUsage(),
      server: serverPid === undefined ? [0, 0] : processTimes(serverPid),
      postgres: sum(pgPids.map(processTimes)),
      machine: machineTimes(),
      at: performance.now(),
    };
  };
  let before: Snapshot | undefined;
  return {
    start() {
      before = take();
    },
    report(requests) {
      if (!before || process.platform !== 'linux') return [];
      const after = take();
      const wall = after.at - before.at;
      const share = (ms: number) => `${((100 * ms) / wall).toFixed(0)}% of one core`;
      const perRequest = (ms: number) => (requests ? `, ${(ms / requests).toFixed(2)} ms per request` : '');
      const pair = (label: string, a: number[], b: number[]) =>
        `  cpu ${label.padEnd(10)} ${share(a[0]! + a[1]! - b[0]! - b[1]!)} (user ${share(a[0]! - b[0]!)}, sys ${share(a[1]! - b[1]!)}${perRequest(a[0]! + a[1]! - b[0]! - b[1]!)})`;
      const bench = [after.bench.user / 1000, after.bench.system / 1000];
      const benchBefore = [before.bench.user / 1000, before.bench.system / 1000];
      const ours = [after.server, before.server, after.postgres, before.postgres, bench, benchBefore].map((t) => t[0]! + t[1]!);
      const oursMs = ours[0]! - ours[1]! + ours[2]! - ours[3]! + ours[4]! - ours[5]!;
      const lines = [
        ...(serverPid === undefined ? [] : [pair('portal', after.server, before.server)]),
        // Backends that exited during the run are not counted; the pool keeps them open.
        ...(postmasterPid() ? [pair('postgres', after.postgres, before.postgres)] : []),
        pair(loadLabel, bench, benchBefore),
      ];
      if (after.machine && before.machine) {
        const d = after.machine.map((v, i) => v - before!.machine![i]!);
        const [user, nice, system, idle, iowait, irq, softirq] = d as [number, number, number, number, number, number, number];
        const all = user + nice + system + idle + iowait + irq + softirq;
        const pct = (ms: number) => `${((100 * ms) / all).toFixed(0)}%`;
        lines.push(`  machine        user ${pct(user + nice)}, sys ${pct(system)}, irq ${pct(irq + softirq)}, iowait ${pct(iowait)}, idle ${pct(idle)}`);
        // Busy time nobody above accounts for: other programs on the machine (a browser benchmark) or interrupts.
        const elsewhere = Math.max(0, user + nice + system + irq + softirq - oursMs);
        lines.push(`  elsewhere      ${share(elsewhere)}${elsewhere > 0.25 * wall ? ' (something else is running: figures are low)' : ''}`);
      }
      return lines;
    },
  };
}

/** CPU time of the children a process has reaped (cutime + cstime), in ms: a PostgreSQL backend that ended still counts. */
function reapedChildrenTime(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) used so far by the portal's process and by PostgreSQL (postmaster,
 * its live backends and workers, and those that have ended): read before and after one request,
 * the difference is the work done meanwhile, whatever else the machine was doing. Autovacuum
 * workers count as PostgreSQL's.
 */
export function cpuTimes(serverPid: number, postmasterPid: () => number | undefined): { portal: number; postgres: number } {
  const postmaster = postmasterPid();
  const pgPids = postmaster ? [postmaster, ...childrenOf(postmaster)] : [];
  const [user, system] = processTimes(serverPid);
  const [pgUser, pgSystem] = sum(pgPids.map(processTimes));
  return { portal: user! + system!, postgres: pgUser! + pgSystem! + (postmaster ? reapedChildrenTime(postmaster) : 0) };
}
