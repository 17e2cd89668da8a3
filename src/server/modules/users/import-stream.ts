import { USER_MESSAGES } from '@common/contracts/users';
import type { FastifyBaseLogger } from 'fastify';
import { PassThrough } from 'node:stream';
import { HttpError } from '../../lib/http-error';

/** About one progress line per 2% of the rows: enough for "n of N", little to send. */
const PROGRESS_STEPS = 50;

type Progress = (done: number, total: number) => void;

/** A piece of work that has passed its checks and reports progress, its answer still to come. */
export interface Reporting<T> {
  result: Promise<T>;
  /** Hands every progress report so far and from now on to `listener`. */
  listen(listener: Progress): void;
}

/**
 * Runs `work` until it either ends (its answer, or its error: a file with problems is the usual
 * 400, before any line) or reports its first progress (the checks passed): then the caller streams
 * (docs/decisions/0132b).
 */
export function answerOrProgress<T>(work: (progress: Progress) => Promise<T>): Promise<{ done: true; value: T } | ({ done: false } & Reporting<T>)> {
  const early: [number, number][] = [];
  let listener: Progress | undefined;
  let started: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (started = resolve));
  const result = work((done, total) => {
    if (listener) return listener(done, total);
    early.push([done, total]);
    started();
  });
  const listen = (next: Progress) => {
    listener = next;
    for (const [done, total] of early.splice(0)) next(done, total);
  };
  return Promise.race([result.then((value) => ({ done: true as const, value })), first.then(() => ({ done: false as const, result, listen }))]);
}

/**
 * Writes a reporting import's NDJSON lines (ADR 0132b): progress about every 2%, then `last(answer)`,
 * or an error line if the work failed after its checks (nothing was created: the write is one
 * transaction). The status is already 200 once the first line is out.
 */
export function streamLines<T>(reporting: Reporting<T>, last: (value: T) => object, log: FastifyBaseLogger): PassThrough {
  const stream = new PassThrough();
  const send = (event: object) => stream.write(`${JSON.stringify(event)}\n`);
  reporting.listen((done, total) => {
    const step = Math.max(1, Math.ceil(total / PROGRESS_STEPS));
    if (done === 0 || done % step === 0 || done === total) send({ type: 'progress', done, total });
  });
  reporting.result
    .then(
      (value) => send(last(value)),
      (error: unknown) => {
        if (error instanceof HttpError) {
          send({ type: 'error', status: error.statusCode, message: error.message });
          return;
        }
        log.error({ err: error }, 'bulk user import failed');
        send({ type: 'error', status: 500, message: USER_MESSAGES.importFailed });
      },
    )
    .finally(() => stream.end());
  return stream;
}
