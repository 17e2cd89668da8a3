import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMESTAMP_HEADER } from '@common/contracts/common';
import { ApiError, api, errorMessage } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends GETs same-origin, uncached, with the timestamp header and no body', async () => {
    const fetchMock = stubFetch(json([{ key: 'a' }]));
    await expect(api.get('/api/system/settings')).resolves.toEqual([{ key: 'a' }]);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/system/settings');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-store', body: undefined });
    expect((init?.headers as Record<string, string>)[TIMESTAMP_HEADER]).toMatch(/^\d{13}$/);
  });

  it('sends every write as JSON, with {} when there is no body (the server refuses writes without one)', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await api.post('/api/logout');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a non-OK answer into ApiError "status: message" and keeps the server message and body', async () => {
    stubFetch(json({ message: 'Invalid username or password' }, 401, 'Unauthorized'));
    const error = await api.post('/api/login', { username: 'x', password: 'y' }).catch((e: unknown) => e);
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
    await expect(api.get('/api/user')).rejects.toMatchObject({ message: '502: Bad Gateway', serverMessage: undefined });

    stubFetch(json({ message: 'Invalid body', errors: [{ path: 'newPassword', message: 'Too short' }] }, 400));
    await expect(api.post('/api/user/password', {})).rejects.toMatchObject({
      fieldErrors: [{ path: 'newPassword', message: 'Too short' }],
    });
  });

  it('uses the fallback text for errors that are not API answers', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });
});
