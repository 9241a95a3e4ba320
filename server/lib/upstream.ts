/** A fetch to an outside service with a bounded wait. Network failures and timeouts throw. */
export async function upstreamFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
}
