import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import { guardedLookup, isPrivateAddress, webhookTargetProblem, webhookUrlProblem } from './webhook-target';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  // Ranges ipaddr.js classifies, and IPv4 addresses carried inside IPv6 ones.
  it.each([
    ['IPv4-compatible', '::127.0.0.1'],
    ['IPv4-compatible, public inside (deprecated form)', '::8.8.8.8'],
    ['site-local', 'fec0::1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of the metadata service', '2002:a9fe:a9fe::1'],
    ['Teredo, loopback client', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo, private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of 10/8', '64:ff9b::a00:1'],
    ['NAT64 local-use', '64:ff9b:1::808:808'],
    ['IPv4-translated', '::ffff:0:127.0.0.1'],
    ['discard-only', '100::1'],
    ['multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['benchmarking', '198.18.0.1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_form, address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo with public server and client', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ])('allows %s (%s)', (_form, address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('webhookUrlProblem', () => {
  it('wants https and a public host unless private targets are allowed', () => {
    expect(webhookUrlProblem('https://erp.example.com/hooks', false)).toBeNull();
    expect(webhookUrlProblem('http://erp.example.com/hooks', false)).toBe(INTEGRATION_MESSAGES.httpsOnly);
    expect(webhookUrlProblem('https://127.0.0.1/hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://[::1]/hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://localhost/hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://user:pw@erp.example.com/', false)).toBe('Put credentials in your receiver, not in the URL');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeNull();
    expect(webhookUrlProblem('ftp://erp.example.com/', true)).toBe(INTEGRATION_MESSAGES.httpsOnly);
  });

  it('reads a trailing dot as the same name', () => {
    expect(webhookUrlProblem('https://localhost./hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://portal.localhost./hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://127.0.0.1./hooks', false)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(webhookUrlProblem('https://erp.example.com./hooks', false)).toBeNull();
  });
});

describe('webhookTargetProblem', () => {
  const dns = (answers: Record<string, string[]>) => async (host: string) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

  it('refuses a name when any of its addresses is not public, at registration', async () => {
    const resolver = dns({ 'erp.example.com': ['93.184.216.34'], 'intranet.example.com': ['93.184.216.34', '10.0.0.5'], 'nat64.example.com': ['64:ff9b::a9fe:a9fe'] });
    expect(await webhookTargetProblem('https://erp.example.com/hooks', false, resolver)).toBeNull();
    expect(await webhookTargetProblem('https://intranet.example.com/hooks', false, resolver)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(await webhookTargetProblem('https://intranet.example.com./hooks', false, resolver)).toBe(INTEGRATION_MESSAGES.privateTarget);
    expect(await webhookTargetProblem('https://nat64.example.com/hooks', false, resolver)).toBe(INTEGRATION_MESSAGES.privateTarget);
  });

  it('accepts a name that does not resolve yet (delivery checks the address it connects to) and skips DNS when private targets are allowed', async () => {
    const never = async () => {
      throw new Error('must not be called');
    };
    expect(await webhookTargetProblem('https://not-yet.example.com/hooks', false, dns({}))).toBeNull();
    expect(await webhookTargetProblem('http://intranet.example.com/hooks', true, never)).toBeNull();
  });
});

describe('guardedLookup', () => {
  const resolve = (allowPrivate: boolean, host: string) =>
    new Promise<string>((done, fail) =>
      guardedLookup(allowPrivate)(host, { family: 0 }, (error, address) => (error ? fail(error) : done(String(address)))),
    );

  it('refuses a name that resolves to loopback, checking the address and not the name', async () => {
    await expect(resolve(false, 'localhost')).rejects.toThrow(/private or loopback/);
    await expect(resolve(true, 'localhost')).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
