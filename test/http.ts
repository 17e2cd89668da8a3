import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
  /** The Set-Cookie pairs of the answer, ready for a Cookie header. */
  cookie: string;
}

function collect(resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  return (res: IncomingMessage) => {
    let text = '';
    res.on('data', (c: Buffer) => (text += c.toString()));
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        body: text,
        headers: res.headers,
        cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
      }),
    );
    res.on('error', reject);
  };
}

/** One JSON request over real HTTP on its own connection, as the browser client sends it (timestamp header). */
export function send(url: string, method: string, pathname: string, body?: unknown, cookie = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = method === 'GET' ? undefined : JSON.stringify(body ?? {});
    const req = request(
      `${url}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          'x-request-timestamp': String(Date.now()),
          cookie,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      collect(resolve, reject),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in over HTTP and, for an admin, picks the admin role; returns the session cookie. */
export async function signInOverHttp(url: string, user: { username: string; password: string }, role?: string): Promise<string> {
  const login = await send(url, 'POST', '/api/login', user);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
  if (!role) return login.cookie;
  const chosen = await send(url, 'POST', '/api/session/role', { role }, login.cookie);
  if (chosen.status !== 200) throw new Error(`role failed: ${chosen.status} ${chosen.body}`);
  return chosen.cookie || login.cookie;
}

export interface SlowUpload {
  /** Settles with the server's answer (which may come before the body is complete, e.g. a refusal). */
  answer: Promise<Answer>;
  /** Sends the rest of the body at once. */
  finish(): void;
  /** Drops the connection without finishing. */
  abort(): void;
}

/**
 * A multipart upload from a slow client: the headers and the first `firstBytes` of
 * the body go out at once, then one byte every `trickleMs` until `finish()` sends the
 * rest. `multipart` is test/multipart.ts's multipartBody.
 */
export function slowUpload(
  url: string,
  pathname: string,
  cookie: string,
  multipart: { payload: Buffer; headers: Record<string, string> },
  options: { firstBytes: number; trickleMs?: number },
): SlowUpload {
  const { payload } = multipart;
  let sent = Math.min(options.firstBytes, payload.length - 1);
  let req: ReturnType<typeof request>;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = request(
      `${url}${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: { ...multipart.headers, 'content-length': payload.length, 'x-request-timestamp': String(Date.now()), cookie },
      },
      collect(resolve, reject),
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(payload.subarray(0, sent));
  });
  // Keeps one byte back for finish(), so the body is never complete before it is called.
  const timer = setInterval(() => {
    if (sent < payload.length - 1) req.write(payload.subarray(sent, (sent += 1)));
  }, options.trickleMs ?? 250);
  void answer.catch(() => undefined).finally(() => clearInterval(timer));
  return {
    answer,
    finish() {
      clearInterval(timer);
      req.end(payload.subarray(sent));
    },
    abort() {
      clearInterval(timer);
      req.destroy();
    },
  };
}
