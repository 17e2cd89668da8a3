import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import { guardedLookup, isPrivateAddress, webhookUrlProblem } from './webhook-target';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
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
