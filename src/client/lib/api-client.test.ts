import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMESTAMP_HEADER } from '@common/domain/http-headers';
import { ApiError, api, createApiClient, dataOf, errorMessage, READ_TIMEOUT_MESSAGE, upload } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** A server that never answers: the request ends only when its signal aborts. */
function stubHangingFetch() {
  const fetchMock = vi.fn(
    (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        // As fetch does: a signal already aborted rejects at once.
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: { mock: { calls: [Request][] } }) => fetchMock.mock.calls[0]![0];

describe('read timeout (middleware)', () => {
  it('ends a read that never answers with an ApiError the page shows as its error state', async () => {
    stubHangingFetch();
    const error = await createApiClient({ readTimeoutMs: 30 }).GET('/api/system/settings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, serverMessage: READ_TIMEOUT_MESSAGE });
  });

  it('still lets the caller (TanStack Query) cancel a read, as a cancellation', async () => {
    stubHangingFetch();
    const controller = new AbortController();
    const pending = api.GET('/api/system/settings', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('does not limit writes', async () => {
    stubHangingFetch();
    let settled = false;
    const write = createApiClient({ readTimeoutMs: 30 }).POST('/api/logout').finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    void write.catch(() => undefined);
  });
});

describe('api client (middleware)', () => {
  it('sends GETs same-origin, uncached, with the timestamp header and no body', async () => {
    const fetchMock = stubFetch(json([{ key: 'a' }]));
    await expect(dataOf(api.GET('/api/system/settings'))).resolves.toEqual([{ key: 'a' }]);
    const request = sent(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/system/settings');
    expect(new URL(request.url).origin).toBe(globalThis.location?.origin ?? 'http://localhost');
    expect(request).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-store', body: null });
    expect(request.headers.get(TIMESTAMP_HEADER)).toMatch(/^\d{13}$/);
  });

  it('fills path parameters and the query from the typed call', async () => {
    const fetchMock = stubFetch(json({ id: 7 }));
    await api.GET('/api/orders/{id}', { params: { path: { id: 7 } } });
    expect(new URL(sent(fetchMock).url).pathname).toBe('/api/orders/7');
  });

  it('sends every write as JSON, with {} when there is no body (the server refuses writes without one)', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await api.POST('/api/logout');
    const request = sent(fetchMock);
    expect(await request.text()).toBe('{}');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get(TIMESTAMP_HEADER)).toMatch(/^\d{13}$/);
  });

  it('sends a typed body as JSON and passes headers such as the Idempotency-Key', async () => {
    const fetchMock = stubFetch(json({ id: 1 }, 201, 'Created'));
    await api.POST('/api/carts', { body: { name: 'PO 1' }, headers: { 'idempotency-key': 'cart-1' } });
    const request = sent(fetchMock);
    expect(await request.json()).toEqual({ name: 'PO 1' });
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('idempotency-key')).toBe('cart-1');
  });

  it('turns a non-OK answer into ApiError "status: message" and keeps the server message and body', async () => {
    stubFetch(json({ message: 'Invalid username or password' }, 401, 'Unauthorized'));
    const error = await api.POST('/api/login', { body: { username: 'x', password: 'y' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: '401: Invalid username or password',
      serverMessage: 'Invalid username or password',
      body: { message: 'Invalid username or password' },
    });
    expect(errorMessage(error, 'fallback')).toBe('Invalid username or password');
  });

  it('falls back to the status text when the body has no message, and keeps field errors', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.GET('/api/user')).rejects.toMatchObject({ message: '502: Bad Gateway', serverMessage: undefined });

    stubFetch(json({ message: 'Invalid body', errors: [{ path: 'newPassword', message: 'Too short' }] }, 400));
    await expect(api.POST('/api/user/password', { body: { currentPassword: 'a', newPassword: 'b' } as never })).rejects.toMatchObject({
      fieldErrors: [{ path: 'newPassword', message: 'Too short' }],
    });
  });

  it('uses the fallback text for errors that are not API answers', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });

  it('reads the catalogue as bytes with revalidation (ADR 0198)', async () => {
    const fetchMock = stubFetch(json({ count: 0 }));
    const bytes = await dataOf(api.GET('/api/products/columns', { parseAs: 'arrayBuffer', cache: 'no-cache' }));
    expect(new TextDecoder().decode(bytes)).toBe('{"count":0}');
    expect(sent(fetchMock)).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-cache' });
  });
});

/** Just enough of XMLHttpRequest to drive `upload` the way a browser would. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, statusText: string, body: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.responseHeaders['content-type'] = 'application/json; charset=utf-8';
    this.onload?.();
  }
}

describe('upload (XMLHttpRequest)', () => {
  it('posts the form with the timestamp header, reports progress and resolves with the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const form = new FormData();
    const progress: number[] = [];
    const pending = upload('/api/files', form, (fraction) => progress.push(fraction));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files');
    expect(xhr.body).toBe(form);
    expect(xhr.headers[TIMESTAMP_HEADER]).toMatch(/^\d{13}$/);
    // The browser sets the multipart boundary itself.
    expect(Object.keys(xhr.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.respond(201, 'Created', { id: 7 });
    await expect(pending).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns a refusal into the same ApiError as every other call', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = upload('/api/files', new FormData());
    FakeXhr.last!.respond(415, 'Unsupported Media Type', { message: 'Only PDF, JPG and PNG files can be uploaded' });
    await expect(pending).rejects.toMatchObject({
      status: 415,
      message: '415: Only PDF, JPG and PNG files can be uploaded',
      serverMessage: 'Only PDF, JPG and PNG files can be uploaded',
    });
  });

  it('rejects with a TypeError on a network failure and an AbortError when cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failing = upload('/api/files', new FormData());
    FakeXhr.last!.onerror?.();
    await expect(failing).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const cancelled = upload('/api/files', new FormData(), undefined, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});

