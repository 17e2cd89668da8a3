import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Spawned {
  child: ChildProcess;
  output(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr; rejects when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Spawns a real process (the portal's entry points), collecting its output. */
export function spawnProcess(command: string, args: string[], env: Record<string, string | undefined>): Spawned {
  // An undefined value removes the variable (e.g. DATABASE_URL) from the child's environment.
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, LOG_LEVEL: 'warn', ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(command, args, { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((l) => l());
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
    listeners.forEach((l) => l());
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      // Let the last output arrive.
      setTimeout(() => {
        listeners.forEach((l) => l());
        resolve(code);
      }, 50);
    }),
  );
  return {
    child,
    output: () => output,
    stderr: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)), timeoutMs);
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve(match);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (!output.match(pattern)) {
            clearTimeout(timer);
            reject(new Error(`exited with ${code} before ${pattern}:\n${output}`));
          }
        });
      });
    },
  };
}

/**
 * The real start entry (`npm start` runs exactly this, without the client build): it
 * compiles the server when dist/server is missing or stale, then runs the compiled
 * server (ADR 0150).
 */
export function startPortal(env: Record<string, string | undefined>): Spawned {
  return spawnProcess(process.execPath, ['scripts/start.mjs'], { BUILD_CLIENT: 'false', ...env });
}

/** Kills whatever a test left running. */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes of a portal's embedded PostgreSQL: the postmaster (first line of postmaster.pid) and its children. */
export function embeddedPostgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [postmaster, ...children];
}

/**
 * Freezes (SIGSTOP) or thaws (SIGCONT) a portal's embedded PostgreSQL, postmaster
 * first on freeze so it forks no new backend meanwhile. A frozen server keeps its
 * sockets open and answers nothing: a hung database, not a crashed one.
 */
export function signalEmbeddedPostgres(dataDir: string, signal: 'SIGSTOP' | 'SIGCONT'): void {
  const pids = embeddedPostgresPids(dataDir);
  for (const pid of signal === 'SIGSTOP' ? pids : pids.reverse()) {
    try {
      process.kill(pid, signal);
    } catch {
      // a backend that ended meanwhile
    }
  }
}
