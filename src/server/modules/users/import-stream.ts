import type { UserImportEvent } from '@common/contracts/users';
import type { FastifyBaseLogger } from 'fastify';
import { PassThrough } from 'node:stream';
import { HttpError } from '../../lib/http-error';
import { USER_MESSAGES } from '@common/contracts/users';
import type { PreparedImport } from './service';

/** About one progress line per 2% of the rows: enough for "n of N", little to send. */
const PROGRESS_STEPS = 50;

/**
 * Runs a checked import and writes its NDJSON events (ADR 0132): progress while passwords
 * are hashed, then the result, or an error line if the write failed (nothing was created:
 * the insert is one transaction). The status is already 200 once the first line is out.
 */
export function streamImport(prepared: PreparedImport, log: FastifyBaseLogger): PassThrough {
  const stream = new PassThrough();
  const send = (event: UserImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
  const step = Math.max(1, Math.ceil(prepared.total / PROGRESS_STEPS));
  send({ type: 'progress', done: 0, total: prepared.total });
  prepared
    .run((done, total) => {
      if (done % step === 0 || done === total) send({ type: 'progress', done, total });
    })
    .then(
      (result) => send({ type: 'result', result }),
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
