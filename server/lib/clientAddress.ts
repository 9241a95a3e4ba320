import { isIP } from 'node:net';
import type { Context } from 'hono';

// Who a request comes from, for rate limits. Behind reverse proxies the socket peer is the nearest
// proxy, so with TRUST_PROXY=n the client is the address the n-th proxy saw: X-Forwarded-For's n-th
// entry from the right (each proxy appends its peer). Entries further left are client-supplied and
// could be anything, so they are never read.

function socketAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

export function clientAddress(c: Context, trustProxyHops: number): string {
  const peer = socketAddress(c) ?? 'unknown';
  if (trustProxyHops <= 0) return peer;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (forwarded.length === 0) return peer;
  const candidate = forwarded[Math.max(0, forwarded.length - trustProxyHops)] ?? peer;
  return isIP(candidate) !== 0 ? candidate : peer;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded and an embedded IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16) || 0);
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv4-mapped IPv6 as its IPv4, other IPv6 by its /64
 * (one subscriber usually holds a whole /64, so per-address keys would let one client take 2^64 buckets).
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
