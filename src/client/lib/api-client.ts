import type { ErrorBody } from '@common/contracts/common';
import { TIMESTAMP_HEADER } from '@common/domain/http-headers';

/**
 * The only place the client calls fetch (STYLE.md §3), and XMLHttpRequest for
 * uploads that show progress.
 * Same origin, cookies, no caching, a timestamp header on every request.
 * docs/product-decisions.md: writes without X-Request-Timestamp and a JSON content type get 403.
 */

type FieldError = NonNullable<ErrorBody['errors']>[number];

/** Any non-OK response becomes an error whose message is "status: message-or-statusText". */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, or the text body when it was not JSON. */
  readonly body: unknown;
  /** The server's own `message` field, for showing to people without the status prefix. */
  readonly serverMessage: string | undefined;
  /** Per-field validation errors (DESIGN.md API conventions), if any. */
  readonly fieldErrors: readonly FieldError[];

  constructor(status: number, statusText: string, body: unknown) {
    const serverMessage = readMessage(body);
    super(`${status}: ${serverMessage ?? (statusText || 'Request failed')}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.serverMessage = serverMessage;
    this.fieldErrors = readFieldErrors(body);
  }
}

function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function readFieldErrors(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (e): e is FieldError => typeof e?.path === 'string' && typeof e?.message === 'string',
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * No caching, so 'no-store' by default. The catalogue passes 'no-cache':
   * the browser revalidates with its ETag every time and an unchanged one costs a 304.
   */
  cache?: RequestCache;
  /** GET only: how long to wait for the answer (READ_TIMEOUT_MS by default). */
  timeoutMs?: number;
}

/** JSON when the server says so (and it parses), else the text; nothing for an empty body. */
function parseBody(text: string, contentType: string): unknown {
  if (!text) return undefined;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  return parseBody(await response.text(), response.headers.get('content-type') ?? '');
}

function baseHeaders(options: RequestOptions): Record<string, string> {
  return { Accept: 'application/json', [TIMESTAMP_HEADER]: String(Date.now()), ...options.headers };
}

/**
 * A read that has not answered in this long has failed. Every page's query then ends in
 * its error state with Retry instead of a loading bar that never finishes (ADR 0192). Writes are
 * not limited: their outcome must not be guessed.
 */
export const READ_TIMEOUT_MS = 20_000;
export const READ_TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** The caller's signal (TanStack Query's, which aborts when the query is cancelled) joined with the read timeout. */
function readSignal(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, path, body, method === 'GET' ? { ...options, signal: readSignal(options.signal, options.timeoutMs ?? READ_TIMEOUT_MS) } : options);
  } catch (error) {
    // A timed-out read is an ordinary failure ("status: message"), so the page shows its error state.
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(408, 'Request Timeout', { message: READ_TIMEOUT_MESSAGE });
    throw error;
  }
}

async function send<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers = baseHeaders(options);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    // The server insists on a JSON body for every write, so an empty one is `{}`.
    payload = JSON.stringify(body ?? {});
  }

  const response = await fetch(path, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    cache: options.cache ?? 'no-store',
    signal: options.signal,
  });
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, response.statusText, parsed);
  return parsed as T;
}

/**
 * A GET whose body the caller decodes itself (the catalogue's 10 MB at 50,000 products is read as
 * bytes and parsed off the main thread, ADR 0198): the same headers, timeout and ApiError as `get`.
 */
async function getBytes(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  try {
    const response = await fetch(path, {
      method: 'GET',
      headers: baseHeaders(options),
      credentials: 'same-origin',
      cache: options.cache ?? 'no-store',
      signal: readSignal(options.signal, options.timeoutMs ?? READ_TIMEOUT_MS),
    });
    if (!response.ok) throw new ApiError(response.status, response.statusText, await readBody(response));
    return await response.arrayBuffer();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(408, 'Request Timeout', { message: READ_TIMEOUT_MESSAGE });
    throw error;
  }
}

/** Upload progress, 0 to 1. */
export type UploadProgressHandler = (fraction: number) => void;

/**
 * POSTs a multipart form and reports upload progress, which fetch cannot do, so
 * this one call uses XMLHttpRequest. Same headers, same-origin cookies and the
 * same ApiError as every other call; a network failure rejects with a TypeError
 * (as fetch does) and an abort through `options.signal` with an AbortError.
 */
function upload<T>(path: string, form: FormData, onProgress?: UploadProgressHandler, options: RequestOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(baseHeaders(options))) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    const onAbortSignal = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = (done: () => void) => {
      options.signal?.removeEventListener('abort', onAbortSignal);
      done();
    };
    xhr.onload = () =>
      settle(() => {
        const body = parseBody(xhr.responseText, xhr.getResponseHeader('content-type') ?? '');
        if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
        else reject(new ApiError(xhr.status, xhr.statusText, body));
      });
    xhr.onerror = () => settle(() => reject(new TypeError('Network error')));
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    xhr.send(form);
  });
}

/**
 * POSTs a body to a call that answers in NDJSON (one JSON value a line, e.g. import progress)
 * and hands each line to `onLine` as it arrives. A non-2xx answer is the usual ApiError.
 */
async function postLines(path: string, body: FormData, onLine: (value: unknown) => void, options: RequestOptions = {}): Promise<void> {
  const headers = { ...baseHeaders(options), Accept: 'application/x-ndjson, application/json' };
  const response = await fetch(path, { method: 'POST', headers, body, credentials: 'same-origin', cache: 'no-store', signal: options.signal });
  if (!response.ok || !response.body) throw new ApiError(response.status, response.statusText, await readBody(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    pending += value ?? '';
    const lines = pending.split('\n');
    pending = done ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as unknown);
    if (done) return;
  }
}

/**
 * The calls, typed by the answer's contract (`api.post<z.output<typeof cartView>>(...)`), which the
 * browser does not check again (ADR 0154). The server checks every answer against its
 * call's contract before sending it (fastify-type-provider-zod's serializer: an answer that does
 * not fit is a 500, never sent), so a second check here only cost time: a phone spent 0.15 s of
 * the dashboard's first load (at Lighthouse's 4x) on it, more on the 3,000-product catalogue, and
 * downloaded zod for pages that have no form. zod runs in the browser on what people type (forms).
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  getBytes,
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  upload,
  postLines,
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The sentence to show a person: the server's message when it sent one, else the
 * caller's fallback (each error message has its own fallback wording).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return fallback;
}
