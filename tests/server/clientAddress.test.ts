import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../server/lib/clientAddress';

// Which client a request is counted under (every rate limit's key). With TRUST_PROXY=n the server sits
// behind n proxies, each appending the address it saw to X-Forwarded-For; the client is the n-th entry
// from the right, and anything unusable falls back to the socket's peer.

const PEER = '10.0.0.5';

async function addressOf(trustProxyHops: number, forwardedFor?: string, incoming: object = { socket: { remoteAddress: PEER } }): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustProxyHops)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
  const response = await app.request('/', { headers }, { incoming });
  return response.text();
}

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    expect(await addressOf(0, '198.51.100.1')).toBe(PEER);
  });

  it('is the entry the one trusted proxy appended (the rightmost), spaces around it ignored', async () => {
    expect(await addressOf(1, '1.1.1.1, 198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf(1, ' 198.51.100.2 ')).toBe('198.51.100.2');
  });

  it('is the second entry from the right behind two trusted proxies', async () => {
    expect(await addressOf(2, '1.1.1.1, 198.51.100.1, 203.0.113.4')).toBe('198.51.100.1');
  });

  it('skips empty entries, as a trailing comma leaves', async () => {
    expect(await addressOf(1, '198.51.100.7, ')).toBe('198.51.100.7');
  });

  it('reads IPv6 entries', async () => {
    expect(await addressOf(1, '2001:db8::7')).toBe('2001:db8::7');
  });

  it('falls back to the peer when the entry is not an address, or the header is missing or empty', async () => {
    expect(await addressOf(1, 'not-an-address')).toBe(PEER);
    expect(await addressOf(1, '198.51.100.1, <script>')).toBe(PEER);
    expect(await addressOf(1)).toBe(PEER);
    expect(await addressOf(1, ' , ')).toBe(PEER);
  });

  it("is 'unknown' when the request came through no socket (an in-process call)", async () => {
    expect(await addressOf(0, undefined, {})).toBe('unknown');
    expect(await addressOf(1, 'junk', {})).toBe('unknown');
  });
});
