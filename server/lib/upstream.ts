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
export async function upstreamFetch(url: string, init: Omit<RequestInit, 'signal'>, timeoutMs: number): Promise<Response> {
  // A timer that holds the controller, not AbortSignal.timeout: Node holds a timeout signal weakly, so
  // a collection while the body was still arriving (seen under load) lost the timeout, and a stalled
  // answer then kept the request waiting for good.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The upstream wait ran out', 'TimeoutError')), timeoutMs);
  timer.unref();
  return fetch(url, { ...init, signal: controller.signal, redirect: 'manual' });
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
