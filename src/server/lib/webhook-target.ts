import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may go (docs/decisions/0161). An admin types the URL, so a
 * careless or hostile one must not make the portal call its own database port, a cloud
 * metadata service or a router on the office network (SSRF). Only public unicast addresses
 * pass, judged by ipaddr.js's `range()` (a maintained table of special ranges) rather than a
 * hand list; checked at registration (the literal or every address the name resolves to)
 * and again on the address actually connected to. WEBHOOK_ALLOW_PRIVATE lifts this for tests
 * and closed networks.
 */

/** IPv6 ranges that carry an IPv4 address: judged by the IPv4 address inside. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = address.toByteArray();
  const v4 = (at: number, xor = 0) => new ipaddr.IPv4(bytes.slice(at, at + 4).map((b) => b ^ xor));
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4(12)];
    case 'rfc6052': {
      // NAT64: 64:ff9b::/96 carries the address in its last 32 bits (an IPv6-only network's DNS64
      // answers these for every IPv4 host). The local-use 64:ff9b:1::/48 is site-specific: refused.
      const wellKnown = bytes.slice(4, 12).every((b) => b === 0);
      return wellKnown ? [v4(12)] : null;
    }
    case '6to4': // 2002:AABB:CCDD::/48 is the 6to4 site of a.b.c.d
      return [v4(2)];
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client XOR ffff:ffff>; both ends must be public
      return [v4(4), v4(12, 0xff)];
    default:
      return null;
  }
}

/** True for an address the portal must not post to on an open network: anything but public unicast. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // ipaddr.js reads "::a.b.c.d" as IPv4-mapped; the WHATWG URL parser (what the sender connects
  // with) reads it as IPv4-compatible "::7f00:1". Judge the address the connection would use.
  const parsed = ipaddr.parse(family === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291) is "unicast" to the table; nothing legitimate lives there.
  if (v6.toByteArray().slice(0, 12).every((b) => b === 0)) return true;
  const inner = embeddedIpv4(v6);
  if (inner) return inner.some((v4) => v4.range() !== 'unicast');
  return v6.range() !== 'unicast';
}

export class WebhookTargetError extends Error {}

/** The host part without IPv6 brackets or trailing dots (`localhost.` is `localhost` to DNS). */
export function targetHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();
}

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The URL rules an endpoint must pass when it is registered, without DNS; see webhookTargetProblem. */
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
  const host = targetHost(url);
  if (host === '' || isLocalName(host)) return INTEGRATION_MESSAGES.privateTarget;
  if (isIP(host) !== 0 && isPrivateAddress(host)) return INTEGRATION_MESSAGES.privateTarget;
  return null;
}

export type ResolveAll = (hostname: string) => Promise<string[]>;

/** Every address the system resolver gives for a name (what the sender's connection will use). */
export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))),
  );

const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * webhookUrlProblem, then the name's addresses: a name that resolves to any non-public address
 * is refused at registration, with the same message. A name that does not resolve now is
 * accepted (the receiver may not be in DNS yet); delivery checks the address it connects to.
 */
export async function webhookTargetProblem(raw: string, allowPrivate: boolean, resolve: ResolveAll = resolveAll): Promise<string | null> {
  const problem = webhookUrlProblem(raw, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = targetHost(new URL(raw));
  if (isIP(host) !== 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((done) => (timer = setTimeout(() => done([]), RESOLVE_TIMEOUT_MS)));
  const addresses = await Promise.race([resolve(host).catch(() => []), timeout]).finally(() => clearTimeout(timer));
  return addresses.some(isPrivateAddress) ? INTEGRATION_MESSAGES.privateTarget : null;
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
