import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

export const BODY_TOO_SLOW_MESSAGE = 'The request body did not arrive in time. Please try again.';

interface Deadline {
  timer: NodeJS.Timeout;
  /** Once the body is being read (preParsing): the body as it arrives, and the stream the parser reads it from. */
  source?: Readable;
  payload?: PassThrough;
}

const deadlines = new WeakMap<FastifyRequest, Deadline>();

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Routes that take a file (multipart): their body may take the server-wide HTTP_REQUEST_TIMEOUT_MS. */
function isUploadRoute(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  return consumes?.includes('multipart/form-data') ?? false;
}

/**
 * Still arriving: a real socket's body that Node's parser has not seen the end of. (`complete` is
 * undefined on app.inject's requests, whose body is in memory.)
 */
const arriving = (request: FastifyRequest) => request.raw.complete === false;

/**
 * The deadline has passed and the body is still arriving. While the parser waits for it, the body
 * stream fails with 408 (the error handler answers it, and Fastify closes the connection after a
 * body error); when the answer is already out (a refusal before the body was read, a 413) or nothing
 * reads the body, the connection is closed.
 */
function expire(request: FastifyRequest, reply: FastifyReply, deadline: Deadline): void {
  if (!arriving(request)) return;
  if (deadline.payload && !reply.sent) {
    deadline.payload.destroy(new HttpError(408, BODY_TOO_SLOW_MESSAGE));
    return;
  }
  request.raw.socket.destroy();
}

function arm(request: FastifyRequest, reply: FastifyReply, timeoutMs: number): void {
  const deadline: Deadline = { timer: setTimeout(() => expire(request, reply, deadline), timeoutMs) };
  // Ends with the request: its body read (or thrown away) to the end, or its connection closed.
  request.raw.once('close', () => clearTimeout(deadline.timer));
  deadlines.set(request, deadline);
}

/**
 * A short deadline for request bodies (docs/decisions/0202): Node's requestTimeout is one value for
 * every request and must carry a 25 MB upload over a slow line (HTTP_REQUEST_TIMEOUT_MS, 120 s), so
 * alone it let a login body trickle in a byte every few seconds for two minutes. Every body except
 * a file upload's must arrive within `timeoutMs` of its headers; an upload route's body gets the
 * long limit only while the route is reading it: once the route has answered (a refusal before
 * reading the file), the rest must arrive within `timeoutMs` too.
 */
export function registerBodyDeadline(app: FastifyInstance, options: { timeoutMs: number }): void {
  const { timeoutMs } = options;
  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request) && arriving(request) && !isUploadRoute(request)) arm(request, reply, timeoutMs);
    done();
  });

  app.addHook('preParsing', (request, _reply, payload: Readable, done) => {
    const deadline = deadlines.get(request);
    if (!deadline) return done(null, payload);
    if (!arriving(request)) {
      // The whole body is here already: nothing left to wait for.
      clearTimeout(deadline.timer);
      deadlines.delete(request);
      return done(null, payload);
    }
    // The parser reads through a stream the deadline can fail without closing the socket, so the 408 can still be sent.
    const through = new PassThrough();
    payload.on('error', (error) => through.destroy(error));
    payload.pipe(through);
    Object.assign(deadline, { source: payload, payload: through });
    done(null, through);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const deadline = deadlines.get(request);
    if (deadline?.source && deadline.payload && arriving(request)) {
      // Answered before the body was read (a 413 on its declared length): the rest is read and thrown
      // away, as Node does with a body nobody read, so the client reads its answer on a usable connection.
      deadline.source.unpipe(deadline.payload);
      deadline.source.resume();
    }
    if (!deadline && hasBody(request) && arriving(request)) arm(request, reply, timeoutMs);
    done();
  });
}
