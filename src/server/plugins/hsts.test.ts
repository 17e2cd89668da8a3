import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/api';
import { HSTS_VALUE } from './hsts';

/** HSTS behind a TLS proxy, and only there. */
const behindProxy = useTestApp({ TRUST_PROXY: 'true' });
const direct = useTestApp();

const get = (app: typeof direct.app, url: string, proto?: string) =>
  app.inject({ method: 'GET', url, headers: proto ? { 'x-forwarded-proto': proto } : {} });

describe('Strict-Transport-Security', () => {
  it('is sent under TRUST_PROXY when the forwarded protocol is https, on API answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/user', '/api/no-such-route']) {
      expect((await get(behindProxy.app, url, 'https')).headers['strict-transport-security'], url).toBe(HSTS_VALUE);
    }
  });

  it('is not sent under TRUST_PROXY over plain http or without the header', async () => {
    expect((await get(behindProxy.app, '/api/health', 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(behindProxy.app, '/api/health')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent without TRUST_PROXY, whatever a client claims', async () => {
    expect((await get(direct.app, '/api/health', 'https')).headers['strict-transport-security']).toBeUndefined();
  });
});
