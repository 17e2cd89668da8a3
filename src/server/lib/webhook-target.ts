import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may go (docs/decisions/0161). An admin types the URL, so a
 * careless or hostile one must not make the portal call its own database port,
 * a cloud metadata service or a router on the office network (SSRF). Private,
 * loopback, link-local and reserved addresses are refused, checked on the
 * address actually connected to, not only the name; WEBHOOK_ALLOW_PRIVATE lifts
 * this for tests and closed networks.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address the portal must not post to on an open network. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class WebhookTargetError extends Error {}

/** The URL rules an endpoint must pass when it is registered; the address is checked again at each delivery. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL such as https://erp.example.com/hooks/portal';
  }
  if (url.username || url.password) return 'Put credentials in your receiver, not in the URL';
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:' ? null : INTEGRATION_MESSAGES.httpsOnly;
  if (url.protocol !== 'https:') return INTEGRATION_MESSAGES.httpsOnly;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return INTEGRATION_MESSAGES.privateTarget;
  if (isIP(host) && isPrivateAddress(host)) return INTEGRATION_MESSAGES.privateTarget;
  return null;
}

/**
 * A DNS lookup for http(s).request that refuses private answers, so the check
 * and the connection use the same address (no re-resolving in between).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0 || usable.length < addresses.length) {
        // A name that resolves to any private address is refused whole: its other answers may rotate.
        return callback(new WebhookTargetError(`${hostname} resolves to a private or loopback address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
}
