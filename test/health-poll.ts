import { request } from 'node:http';

/** The deadline every /api/health answer must meet while a hostile file is read (docs/decisions/0201). */
export const HEALTH_DEADLINE_MS = 1000;

function getHealth(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface HealthPoll {
  /** Stops polling; the answers' latencies, and the longest wait between two answers (ms). */
  stop(): Promise<{ answers: number; latencies: number[]; longestGap: number; statuses: number[] }>;
}

/**
 * Polls /api/health over real HTTP (a listening server: the event loop matters, not inject)
 * every 20 ms until stopped. The longest gap between two answers covers both a slow answer and
 * a poll that could not even be sent because the process was busy.
 */
export function pollHealth(url: string): HealthPoll {
  let running = true;
  const latencies: number[] = [];
  const statuses: number[] = [];
  let longestGap = 0;
  let last = performance.now();
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      statuses.push(await getHealth(url));
      const answered = performance.now();
      latencies.push(answered - sent);
      longestGap = Math.max(longestGap, answered - last);
      last = answered;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { answers: latencies.length, latencies, longestGap, statuses };
    },
  };
}

/** Runs `work` while polling; the work's result and the poll's figures. */
export async function whilePolling<T>(url: string, work: () => Promise<T>) {
  const poll = pollHealth(url);
  try {
    const result = await work();
    return { result, health: await poll.stop() };
  } catch (error) {
    await poll.stop();
    throw error;
  }
}
