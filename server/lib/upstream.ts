// Outside calls: a bounded wait, redirects never followed (a redirect could carry a key or token to
// another host), and a bounded body (an answer is read as a stream and given up past the cap).

export const MAX_UPSTREAM_BODY_BYTES = 1024 * 1024;

/** The body went past the cap; reading stopped there and the connection was released. */
export class UpstreamBodyTooLarge extends Error {
  constructor(limit: number) {
    super(`Upstream body larger than ${limit} bytes`);
    this.name = 'UpstreamBodyTooLarge';
  }
}

/** A fetch to an outside service with a bounded wait (which also covers reading the body). Network failures and timeouts throw. */
export async function upstreamFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
  return fetch(url, { ...init, signal: AbortSignal.any(signals), redirect: 'manual' });
}

/**
 * The body as text, read chunk by chunk and cut at `limit` bytes: past it the stream is cancelled and
 * UpstreamBodyTooLarge thrown, so a huge or endless answer never sits in memory. An abort while reading
 * (the timeout) rejects with the abort's error.
 */
export async function readLimitedText(response: Response, limit = MAX_UPSTREAM_BODY_BYTES): Promise<string> {
  const declared = Number(response.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamBodyTooLarge(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new UpstreamBodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
