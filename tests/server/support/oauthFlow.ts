import { createHash, randomBytes } from 'node:crypto';

// Walks a fake provider's consent step the way a browser would (the Allow or Deny form post) and
// returns what came back on the redirect.

export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface ConsentReturn {
  code?: string;
  error?: string;
  state?: string;
  location: URL;
}

/** Anything that answers a Request in-process, such as a Hono app (no HTTP server needed). */
export interface InProcess {
  request: (url: string, init: RequestInit) => Response | Promise<Response>;
}

export async function consent(
  authorizePostUrl: string,
  fields: Record<string, string>,
  decision: 'allow' | 'deny' = 'allow',
  via?: InProcess,
): Promise<ConsentReturn> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
    redirect: 'manual',
  };
  const response = via ? await via.request(authorizePostUrl, init) : await fetch(authorizePostUrl, init);
  if (response.status !== 302) throw new Error(`Consent answered ${response.status}: ${await response.text()}`);
  const location = new URL(response.headers.get('Location') ?? '');
  const q = location.searchParams;
  return { code: q.get('code') ?? undefined, error: q.get('error') ?? undefined, state: q.get('state') ?? undefined, location };
}

/** A fresh Spotify authorization code for the given redirect URI (with a PKCE challenge). */
export async function spotifyCode(fakeUrl: string, clientId: string, redirectUri: string) {
  const pkce = pkcePair();
  const back = await consent(`${fakeUrl}/authorize`, {
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'user-top-read',
    state: 'st',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  if (!back.code) throw new Error('no code');
  return { code: back.code, verifier: pkce.verifier };
}

export async function traktCode(fakeUrl: string, clientId: string, redirectUri: string) {
  const back = await consent(`${fakeUrl}/oauth/authorize`, { client_id: clientId, redirect_uri: redirectUri, state: 'st' });
  if (!back.code) throw new Error('no code');
  return back.code;
}
