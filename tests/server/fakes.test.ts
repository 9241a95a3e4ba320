import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { demoProviders } from '../../server/fakes/demo';
import { DEMO_STEAM_ID, DEMO_STEAM_VANITY, PRIVATE_STEAM_ID } from '../../server/fakes/demoData';
import { ExpiringMap } from '../../server/fakes/expiringMap';
import { createSpotifyFake, s256, type FakeProvider } from '../../server/fakes/spotify';
import { createSteamFake } from '../../server/fakes/steam';
import { createTraktFake } from '../../server/fakes/trakt';
import { consent, pkcePair } from './support/oauthFlow';
import { freePort } from '../../scripts/freePort';
import { SAME_ORIGIN_JSON, listen, testConfig, type Running } from './support/servers';

const REDIRECT = 'http://127.0.0.1:5999/spotify/callback';
const OTHER = 'http://127.0.0.1:5999/other';
const BASIC = `Basic ${Buffer.from('cid:secret').toString('base64')}`;

function form(body: Record<string, string>, auth = BASIC) {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth },
    body: new URLSearchParams(body).toString(),
  };
}

/** A multipart body cut off mid-part: no form parser can read it. */
const BROKEN_MULTIPART = {
  method: 'POST',
  headers: { 'Content-Type': 'multipart/form-data; boundary=----x' },
  body: '------x\r\nContent-Disposition: form-data; name="decision"\r\n\r\nallow\r\n--',
};

function jsonPost(body: unknown) {
  return { method: 'POST', headers: SAME_ORIGIN_JSON, body: JSON.stringify(body) };
}

describe('Spotify fake: accounts', () => {
  // A fresh fake per test, made inside the test's hooks: what a test observes then comes from the code
  // as it stands when the test runs (Stryker activates a mutant only after collection).
  let clock: number;
  let fake: FakeProvider;
  beforeEach(() => {
    clock = 1_000_000;
    fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [REDIRECT, OTHER], now: () => clock });
  });

  const authorize = (q: Record<string, string>) => fake.app.request(`/authorize?${new URLSearchParams(q).toString()}`);
  const token = (body: Record<string, string>, auth = BASIC) => fake.app.request('/api/token', form(body, auth));
  const location = (response: Response) => response.headers.get('Location');

  async function code(redirectUri = REDIRECT, challenge?: string, extra: Record<string, string> = { scope: 'user-top-read' }) {
    const fields: Record<string, string> = { client_id: 'cid', redirect_uri: redirectUri, state: 'xyz', ...extra };
    if (challenge) Object.assign(fields, { code_challenge: challenge, code_challenge_method: 'S256' });
    const back = await consent('/authorize', fields, 'allow', fake.app);
    expect(back.state).toBe('xyz');
    return back.code as string;
  }

  async function tokens(scope = 'user-top-read') {
    const response = await token({ grant_type: 'authorization_code', code: await code(REDIRECT, undefined, { scope }), redirect_uri: REDIRECT });
    return (await response.json()) as { access_token: string; refresh_token: string; scope: string; expires_in: number };
  }

  it('shows an accessible consent page with Allow and Deny forms posting to itself', async () => {
    const { challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: 'cid',
      response_type: 'code',
      redirect_uri: REDIRECT,
      state: 'st<"&',
      scope: 'user-top-read user-read-email',
      show_dialog: 'true',
      code_challenge_method: 'S256',
      code_challenge: challenge,
    });
    const response = await fake.app.request(`/authorize?${q.toString()}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<meta name="viewport"/);
    expect(html).toMatch(/<h1>Spotify: allow Mycelius \(demo\) to use your account\?<\/h1>/);
    expect(html).toContain('<ul><li>See your top artists and tracks</li><li>See your email address</li></ul>');
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}">`;
    const fields = [
      hidden('client_id', 'cid'),
      hidden('redirect_uri', REDIRECT),
      hidden('scope', 'user-top-read user-read-email'),
      hidden('state', 'st&#60;&#34;&#38;'),
      hidden('code_challenge', challenge),
      hidden('code_challenge_method', 'S256'),
    ].join('');
    expect(html).toContain(
      `<div class="actions">\n<form method="post" action="authorize">${fields}${hidden('decision', 'deny')}<button type="submit" class="deny">Deny</button></form>\n` +
        `<form method="post" action="authorize">${fields}${hidden('decision', 'allow')}<button type="submit" class="allow">Allow</button></form>\n</div>`,
    );
    expect(html).not.toContain('st<"&');
  });

  it('describes each scope once, unknown ones generically, and no scope as the account details', async () => {
    const base = { client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT };
    const listed = async (q: Record<string, string>) => /<ul>(.*)<\/ul>/.exec(await (await authorize(q)).text())?.[1];
    expect(await listed({ ...base, scope: 'user-top-read  user-top-read user-library-read' })).toBe('<li>See your top artists and tracks</li><li>See your saved music</li>');
    expect(await listed({ ...base, scope: 'playlist-read-private user-read-private user-read-recently-played user-read-email' })).toBe(
      '<li>Read your listening activity</li><li>See your account details</li><li>See what you played recently</li><li>See your email address</li>',
    );
    // Without scope or state the form carries an empty scope and no state, and no PKCE fields.
    const html = await (await authorize(base)).text();
    expect(/<ul>(.*)<\/ul>/.exec(html)?.[1]).toBe('<li>See your account details</li>');
    expect(html).toContain(
      `<form method="post" action="authorize"><input type="hidden" name="client_id" value="cid"><input type="hidden" name="redirect_uri" value="${REDIRECT}"><input type="hidden" name="scope" value=""><input type="hidden" name="decision" value="deny">`,
    );
  });

  it('refuses to redirect for an unknown client or an unregistered redirect URI, saying which', async () => {
    const base = { client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, client_id: 'nope' }, 'INVALID_CLIENT: Invalid client'],
      [{ ...base, redirect_uri: 'https://evil.example/cb' }, 'INVALID_CLIENT: Invalid redirect URI'],
      [{ client_id: 'cid', response_type: 'code' }, 'INVALID_CLIENT: Invalid redirect URI'],
    ];
    for (const [q, message] of cases) {
      const response = await authorize(q);
      expect(response.status).toBe(400);
      expect(location(response)).toBeNull();
      const html = await response.text();
      expect(html).toContain('<title>Spotify: error</title>');
      expect(html).toContain(`<h1>Spotify: this sign-in request cannot continue</h1><p>${message}</p>`);
    }
    // The form post is checked again: a forged client or redirect gets the same page, never a redirect.
    const forgeries: Array<Record<string, string>> = [
      { client_id: 'cid', redirect_uri: 'https://evil.example/cb', decision: 'allow' },
      { client_id: 'other', redirect_uri: REDIRECT, decision: 'allow' },
      { client_id: 'cid', decision: 'allow' },
    ];
    for (const fields of forgeries) {
      const forged = await fake.app.request('/authorize', form(fields));
      expect(forged.status).toBe(400);
      expect(location(forged)).toBeNull();
      expect(await forged.text()).toContain('<h1>Spotify: this sign-in request cannot continue</h1><p>INVALID_CLIENT: Invalid redirect URI</p>');
    }
  });

  it('redirects back with an error for a wrong response type or a malformed PKCE challenge', async () => {
    const base = { client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT, state: 's9' };
    const valid = 'a'.repeat(43);
    const token_ = await authorize({ ...base, response_type: 'token' });
    expect(token_.status).toBe(302);
    expect(location(token_)).toBe(`${REDIRECT}?error=unsupported_response_type&state=s9`);
    const malformed: Array<Record<string, string>> = [
      { code_challenge: valid, code_challenge_method: 'plain' },
      { code_challenge: valid },
      { code_challenge: 'a'.repeat(42), code_challenge_method: 'S256' },
      { code_challenge: `!${valid}`, code_challenge_method: 'S256' },
      { code_challenge: `${valid}!`, code_challenge_method: 'S256' },
    ];
    for (const challenge of malformed) {
      const response = await authorize({ ...base, ...challenge });
      expect(response.status).toBe(302);
      expect(location(response)).toBe(`${REDIRECT}?error=invalid_request&state=s9`);
    }
    expect((await authorize({ ...base, code_challenge: valid, code_challenge_method: 'S256' })).status).toBe(200);
  });

  it('takes up to 1,000 characters of scope, on the page and in the form', async () => {
    const base = { client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT, state: 's' };
    expect((await authorize({ ...base, scope: 'x'.repeat(1000) })).status).toBe(200);
    const long = await authorize({ ...base, scope: 'x'.repeat(1001) });
    expect(location(long)).toBe(`${REDIRECT}?error=invalid_scope&state=s`);
    const posted = await fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: REDIRECT, state: 's', scope: 'x'.repeat(1000), decision: 'allow' }));
    expect(location(posted)).toMatch(new RegExp(`^${REDIRECT}\\?code=[^&]+&state=s$`));
    const longPost = await fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: REDIRECT, state: 's', scope: 'x'.repeat(1001), decision: 'allow' }));
    expect(location(longPost)).toBe(`${REDIRECT}?error=invalid_scope&state=s`);
  });

  it('checks the challenge again when the form comes back', async () => {
    const post = (fields: Record<string, string>) => fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: REDIRECT, decision: 'allow', ...fields }));
    const valid = 'b'.repeat(43);
    for (const code_challenge of ['b'.repeat(42), `!${valid}`, `${valid}!`]) {
      expect(location(await post({ code_challenge, state: 'q' }))).toBe(`${REDIRECT}?error=invalid_request&state=q`);
    }
    expect(location(await post({ code_challenge: valid }))).toMatch(new RegExp(`^${REDIRECT}\\?code=[^&]+$`));
  });

  it('Deny returns error=access_denied with the state, and no state when none was sent', async () => {
    const back = await consent('/authorize', { client_id: 'cid', redirect_uri: REDIRECT, state: 's1' }, 'deny', fake.app);
    expect(back).toMatchObject({ error: 'access_denied', state: 's1', code: undefined });
    expect(back.location.href).toBe(`${REDIRECT}?error=access_denied&state=s1`);
    const stateless = await consent('/authorize', { client_id: 'cid', redirect_uri: REDIRECT }, 'deny', fake.app);
    expect(stateless.location.href).toBe(`${REDIRECT}?error=access_denied`);
  });

  it('ignores file parts in a multipart consent form', async () => {
    const body = new FormData();
    body.append('client_id', 'cid');
    body.append('redirect_uri', REDIRECT);
    body.append('decision', 'deny');
    body.append('state', new Blob(['not a field']), 'state.txt');
    const response = await fake.app.request('/authorize', { method: 'POST', body });
    expect(location(response)).toBe(`${REDIRECT}?error=access_denied`);
  });

  it('answers a form it cannot read with an error page', async () => {
    const response = await fake.app.request('/authorize', BROKEN_MULTIPART);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<title>Spotify: error</title>');
    expect(html).toContain('<p>The request body could not be read as a form.</p>');
  });

  it('exchanges a code once, with the Spotify answer shape', async () => {
    const c = await code();
    const response = await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'user-top-read', expires_in: 3600 });
    const again = await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('grants the scope the consent form carried, empty when it carried none', async () => {
    const c = await code(REDIRECT, undefined, {});
    const body = (await (await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT })).json()) as { scope: string };
    expect(body.scope).toBe('');
  });

  it('rejects a wrong secret, a mismatched redirect_uri, a bad grant type and a non-form body', async () => {
    const wrong = `Basic ${Buffer.from('cid:guess').toString('base64')}`;
    const r1 = await token({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT }, wrong);
    expect(r1.status).toBe(400);
    expect(await r1.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client secret' });
    const r2 = await token({ grant_type: 'authorization_code', code: await code(OTHER), redirect_uri: REDIRECT });
    expect(await r2.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid redirect URI' });
    const r3 = await token({ grant_type: 'password' });
    expect(await r3.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code or refresh_token' });
    const typeError = { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' };
    const r4 = await fake.app.request('/api/token', { method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: '{}' });
    expect(r4.status).toBe(400);
    expect(await r4.json()).toEqual(typeError);
    const r5 = await fake.app.request('/api/token', { method: 'POST', headers: { Authorization: BASIC } });
    expect(r5.status).toBe(400);
    expect(await r5.json()).toEqual(typeError);
    const r6 = await token({ grant_type: 'authorization_code', code: 'code_unknown', redirect_uri: REDIRECT });
    expect(r6.status).toBe(400);
    expect(await r6.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('takes a form with a charset parameter, client credentials in the body, and refuses unknown clients', async () => {
    const c = await code();
    const withCharset = await fake.app.request('/api/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', Authorization: 'Digest realm="x"' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: 'cid', client_secret: 'secret' }).toString(),
    });
    expect(withCharset.status).toBe(200);
    const invalidClient = { error: 'invalid_client', error_description: 'Invalid client' };
    const anonymous = await fake.app.request('/api/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token' });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toEqual(invalidClient);
    expect(await (await token({ grant_type: 'refresh_token' }, `Basic ${Buffer.from('other:secret').toString('base64')}`)).json()).toEqual(invalidClient);
    // A Basic header without the colon names no client at all.
    expect(await (await token({ grant_type: 'refresh_token' }, `Basic ${Buffer.from('cidX').toString('base64')}`)).json()).toEqual(invalidClient);
  });

  it('checks the PKCE S256 challenge, and allows a public client only with PKCE', async () => {
    const { verifier, challenge } = pkcePair();
    expect(s256(verifier)).toBe(challenge);
    const bad = await token({ grant_type: 'authorization_code', code: await code(REDIRECT, challenge), redirect_uri: REDIRECT, code_verifier: `${verifier}x` });
    expect(await bad.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' });
    const missing = await token({ grant_type: 'authorization_code', code: await code(REDIRECT, challenge), redirect_uri: REDIRECT });
    expect(missing.status).toBe(400);
    const asPublic = async (c: string, extra: Record<string, string>) =>
      fake.app.request('/api/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: 'cid', ...extra }).toString(),
      });
    expect((await asPublic(await code(REDIRECT, challenge), { code_verifier: verifier })).status).toBe(200);
    // A code issued without a challenge needs the secret.
    const noSecret = await asPublic(await code(), {});
    expect(noSecret.status).toBe(400);
    expect(await noSecret.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client secret' });
  });

  it('codes expire after ten minutes', async () => {
    const c = await code();
    clock += 10 * 60 * 1000;
    const response = await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT });
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('refuses a body over 16 KiB', async () => {
    const response = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(17 * 1024) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'Body too large' });
  });

  it('serves top items to a valid bearer and 401 {error:{status,message}} otherwise', async () => {
    const issued = await tokens();
    const get = (path: string, token_?: string) => fake.app.request(path, token_ ? { headers: { Authorization: `Bearer ${token_}` } } : {});
    const ok = await get('/v1/me/top/artists?limit=3&offset=1', issued.access_token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ limit: 3, offset: 1, total: 8 });
    expect(await (await get('/v1/me/top/tracks?time_range=all', issued.access_token)).json()).toEqual({ error: { status: 400, message: 'Invalid time range' } });
    expect(await (await get('/v1/me/top/tracks')).json()).toEqual({ error: { status: 401, message: 'No token provided' } });
    expect(await (await get('/v1/me/top/tracks', 'forged')).json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    clock += 3600 * 1000 - 1;
    expect((await get('/v1/me/top/tracks', issued.access_token)).status).toBe(200);
    clock += 1;
    const expired = await get('/v1/me/top/tracks', issued.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
    // A refresh gives a working token again (and keeps the refresh token); revoked refresh tokens stop working.
    const renewedResponse = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token });
    const renewed = (await renewedResponse.json()) as Record<string, unknown>;
    expect(Object.keys(renewed).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(renewed).toMatchObject({ token_type: 'Bearer', scope: 'user-top-read', expires_in: 3600 });
    expect((await get('/v1/me/top/tracks', renewed.access_token as string)).status).toBe(200);
    fake.expireAccessTokens();
    expect(await (await get('/v1/me/top/tracks', renewed.access_token as string)).json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
    fake.revokeRefreshTokens();
    const revoked = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token });
    expect(await revoked.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
  });

  it('a bearer with another scheme is no token', async () => {
    const issued = await tokens();
    const response = await fake.app.request('/v1/me/top/artists', { headers: { Authorization: `Digest ${issued.access_token}` } });
    expect(await response.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
  });

  it('an access token lives as long as configured', async () => {
    fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [REDIRECT], accessTokenTtlSeconds: 60, now: () => clock });
    const issued = await tokens();
    expect(issued.expires_in).toBe(60);
    const get = () => fake.app.request('/v1/me/top/artists', { headers: { Authorization: `Bearer ${issued.access_token}` } });
    clock += 59_999;
    expect((await get()).status).toBe(200);
    clock += 1;
    expect((await get()).status).toBe(401);
  });

  it('pages top items in the Spotify paging object', async () => {
    const { access_token } = await tokens();
    const top = async (query: string, kind = 'artists') =>
      (await (await fake.app.request(`/v1/me/top/${kind}?${query}`, { headers: { Authorization: `Bearer ${access_token}` } })).json()) as Record<string, unknown> & {
        items: Array<{ name: string }>;
      };
    const page = (type: string, range: string, limit: number, offset: number) =>
      `http://localhost/v1/me/top/${type}?time_range=${range}&limit=${limit}&offset=${offset}`;

    const first = await top('');
    expect({ ...first, items: first.items.map((i) => i.name) }).toEqual({
      href: page('artists', 'medium_term', 20, 0),
      items: ['Phoebe Bridgers', 'Kendrick Lamar', 'Radiohead', 'Daft Punk', 'Norah Jones', 'Tame Impala', 'SZA', 'Fleetwood Mac'],
      limit: 20,
      next: null,
      offset: 0,
      previous: null,
      total: 8,
    });
    expect(first.items[0]).toEqual({
      id: 'demoartist000000000000000001',
      name: 'Phoebe Bridgers',
      type: 'artist',
      uri: 'spotify:artist:demoartist000000000000000001',
      href: 'https://api.spotify.com/v1/artists/demoartist000000000000000001',
      external_urls: { spotify: 'https://open.spotify.com/artist/demoartist000000000000000001' },
      genres: ['indie', 'folk'],
      images: [],
    });

    const middle = await top('time_range=long_term&limit=2&offset=6');
    expect({ ...middle, items: middle.items.map((i) => i.name) }).toEqual({
      href: page('artists', 'long_term', 2, 6),
      items: ['Daft Punk', 'Norah Jones'],
      limit: 2,
      next: null,
      offset: 6,
      previous: page('artists', 'long_term', 2, 4),
      total: 8,
    });
    const short = await top('time_range=short_term&limit=3&offset=1', 'tracks');
    expect({ ...short, items: short.items.map((i) => i.name) }).toEqual({
      href: page('tracks', 'short_term', 3, 1),
      items: ['Digital Love', "Don't Know Why", 'The Less I Know the Better'],
      limit: 3,
      next: page('tracks', 'short_term', 3, 4),
      offset: 1,
      previous: page('tracks', 'short_term', 3, 0),
      total: 8,
    });
    const edges = await top('limit=50&offset=7');
    expect([edges.limit, edges.next, edges.previous, edges.items.map((i) => i.name)]).toEqual([50, null, page('artists', 'medium_term', 50, 0), ['Fleetwood Mac']]);
    expect((await top('limit=1&offset=0')).items.map((i) => i.name)).toEqual(['Phoebe Bridgers']);
    expect((await top('limit=4&offset=4')).next).toBeNull();
  });

  it('refuses a limit outside 1..50 and an offset below 0 or not whole', async () => {
    const { access_token } = await tokens();
    const get = async (query: string) => {
      const response = await fake.app.request(`/v1/me/top/tracks?${query}`, { headers: { Authorization: `Bearer ${access_token}` } });
      return [response.status, await response.json()];
    };
    const badLimit = [400, { error: { status: 400, message: 'Invalid limit' } }];
    const badOffset = [400, { error: { status: 400, message: 'Invalid offset' } }];
    expect(await get('limit=0')).toEqual(badLimit);
    expect(await get('limit=51')).toEqual(badLimit);
    expect(await get('limit=2.5')).toEqual(badLimit);
    expect(await get('offset=-1')).toEqual(badOffset);
    expect(await get('offset=1.5')).toEqual(badOffset);
  });
});

describe('Spotify fake: the demo provider requires PKCE', () => {
  let fake: FakeProvider;
  beforeEach(() => {
    fake = createSpotifyFake({ clientId: 'cid', clientSecret: 'secret', redirectUris: [REDIRECT], requirePkce: true });
  });

  it('answers a sign-in without a challenge with invalid_request, on the page and on the form', async () => {
    const page = await fake.app.request(`/authorize?${new URLSearchParams({ client_id: 'cid', response_type: 'code', redirect_uri: REDIRECT, state: 'p' }).toString()}`);
    expect(page.headers.get('Location')).toBe(`${REDIRECT}?error=invalid_request&error_description=code_challenge+required&state=p`);
    const posted = await fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: REDIRECT, state: 'p', decision: 'allow' }));
    expect(posted.headers.get('Location')).toBe(`${REDIRECT}?error=invalid_request&state=p`);
    const withChallenge = await fake.app.request('/authorize', form({ client_id: 'cid', redirect_uri: REDIRECT, state: 'p', decision: 'allow', code_challenge: 'c'.repeat(43) }));
    expect(withChallenge.headers.get('Location')).toMatch(new RegExp(`^${REDIRECT}\\?code=[^&]+&state=p$`));
  });
});

describe('Trakt fake', () => {
  let clock: number;
  let fake: FakeProvider;
  beforeEach(() => {
    clock = 1_767_225_600_500;
    fake = createTraktFake({ clientId: 'tid', clientSecret: 'tsecret', redirectUris: [REDIRECT, OTHER], now: () => clock });
  });

  const code = async (redirectUri = REDIRECT) =>
    (await consent('/oauth/authorize', { client_id: 'tid', redirect_uri: redirectUri, state: 's' }, 'allow', fake.app)).code as string;
  const token = (body: Record<string, unknown>) =>
    fake.app.request('/oauth/token', jsonPost({ client_id: 'tid', client_secret: 'tsecret', redirect_uri: REDIRECT, ...body }));
  const tokens = async () => (await (await token({ code: await code(), grant_type: 'authorization_code' })).json()) as { access_token: string; refresh_token: string };
  const authorize = (q: Record<string, string>) => fake.app.request(`/oauth/authorize?${new URLSearchParams(q).toString()}`);
  const apiHeaders = (access: string): Record<string, string> => ({
    'Content-Type': 'application/json',
    'User-Agent': 'Mycelius/1.0.0',
    'trakt-api-key': 'tid',
    'trakt-api-version': '2',
    Authorization: `Bearer ${access}`,
  });

  it('shows a consent page naming Trakt and Mycelius (demo)', async () => {
    const response = await authorize({ response_type: 'code', client_id: 'tid', redirect_uri: REDIRECT, state: 'a' });
    const html = await response.text();
    expect(html).toContain('<h1>Trakt: allow Mycelius (demo) to use your account?</h1>');
    expect(html).toContain('<ul><li>See your watchlist of shows and movies</li><li>See your profile name</li></ul>');
    expect(html).toContain(
      `<form method="post" action="authorize"><input type="hidden" name="client_id" value="tid"><input type="hidden" name="redirect_uri" value="${REDIRECT}"><input type="hidden" name="state" value="a"><input type="hidden" name="decision" value="allow"><button type="submit" class="allow">Allow</button></form>`,
    );
    const stateless = await (await authorize({ response_type: 'code', client_id: 'tid', redirect_uri: REDIRECT })).text();
    expect(stateless).toContain(`<input type="hidden" name="redirect_uri" value="${REDIRECT}"><input type="hidden" name="decision" value="deny">`);
  });

  it('refuses an unregistered client or redirect URI with an error page, and a wrong response type with a redirect', async () => {
    const unregistered: Array<Record<string, string>> = [
      { response_type: 'code', client_id: 'other', redirect_uri: REDIRECT },
      { response_type: 'code', client_id: 'tid', redirect_uri: 'https://evil.example/cb' },
      { response_type: 'code', client_id: 'tid' },
    ];
    for (const q of unregistered) {
      const response = await authorize(q);
      expect(response.status).toBe(400);
      expect(response.headers.get('Location')).toBeNull();
      const html = await response.text();
      expect(html).toContain('<title>Trakt: error</title>');
      expect(html).toContain('<p>The client or its redirect URI is not registered for this application.</p>');
    }
    const wrongType = await authorize({ response_type: 'token', client_id: 'tid', redirect_uri: REDIRECT, state: 'w' });
    expect(wrongType.status).toBe(302);
    expect(wrongType.headers.get('Location')).toBe(`${REDIRECT}?error=unsupported_response_type&state=w`);
    const stateless = await authorize({ response_type: 'token', client_id: 'tid', redirect_uri: REDIRECT });
    expect(stateless.headers.get('Location')).toBe(`${REDIRECT}?error=unsupported_response_type`);
  });

  it('checks the consent form again, and answers one it cannot read with an error page', async () => {
    const forgeries: Array<Record<string, string>> = [
      { client_id: 'other', redirect_uri: REDIRECT, decision: 'allow' },
      { client_id: 'tid', redirect_uri: 'https://evil.example/cb', decision: 'allow' },
      { client_id: 'tid', decision: 'allow' },
    ];
    for (const fields of forgeries) {
      const response = await fake.app.request('/oauth/authorize', form(fields));
      expect(response.status).toBe(400);
      expect(response.headers.get('Location')).toBeNull();
      expect(await response.text()).toContain('<h1>Trakt: this sign-in request cannot continue</h1><p>The redirect URI is not registered.</p>');
    }
    const broken = await fake.app.request('/oauth/authorize', BROKEN_MULTIPART);
    expect(broken.status).toBe(400);
    const html = await broken.text();
    expect(html).toContain('<title>Trakt: error</title>');
    expect(html).toContain('<p>The request body could not be read as a form.</p>');
    const denied = await consent('/oauth/authorize', { client_id: 'tid', redirect_uri: REDIRECT }, 'deny', fake.app);
    expect(denied.location.href).toBe(`${REDIRECT}?error=access_denied`);
  });

  it('issues tokens in Trakt shape and rejects a reused code', async () => {
    const c = await code();
    const ok = await token({ code: c, grant_type: 'authorization_code' });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'created_at', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'public', expires_in: 86400, created_at: 1_767_225_600 });
    const reused = await token({ code: c, grant_type: 'authorization_code' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: 'The provided authorization grant is invalid or expired.' });
    const missing = await token({ grant_type: 'authorization_code' });
    expect(await missing.json()).toEqual({ error: 'invalid_grant', error_description: 'The provided authorization grant is invalid or expired.' });
  });

  it('rejects a wrong secret (401) and a mismatched or unregistered redirect_uri', async () => {
    const failed = { error: 'invalid_client', error_description: 'Client authentication failed' };
    for (const credentials of [{ client_secret: 'nope' }, { client_secret: 42 }, { client_secret: undefined }, { client_id: 'other' }]) {
      const response = await token({ code: await code(), grant_type: 'authorization_code', ...credentials });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(failed);
    }
    expect(await (await token({ code: await code(OTHER), grant_type: 'authorization_code' })).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The redirect uri does not match the authorization request.',
    });
    const invalidRedirect = { error: 'invalid_grant', error_description: 'The redirect uri included is not valid.' };
    for (const redirect_uri of ['https://evil.example', undefined]) {
      const response = await token({ code: await code(), grant_type: 'authorization_code', redirect_uri });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidRedirect);
    }
    expect(await (await token({ grant_type: 'client_credentials' })).json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'The authorization grant type is not supported.',
    });
  });

  it('wants a JSON object as the token body', async () => {
    for (const body of ['not json', 'null', '"text"', '42']) {
      const response = await fake.app.request('/oauth/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'The body must be a JSON object' });
    }
    const tooLarge = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(17 * 1024) });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ error: 'invalid_request', error_description: 'Body too large' });
  });

  it('refresh tokens are single use: each refresh returns a new one', async () => {
    const first = await tokens();
    const second = (await (await token({ refresh_token: first.refresh_token, grant_type: 'refresh_token' })).json()) as { refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const used = await token({ refresh_token: first.refresh_token, grant_type: 'refresh_token' });
    expect(used.status).toBe(400);
    const refused = { error: 'invalid_grant', error_description: 'The provided refresh token is invalid or was already used.' };
    expect(await used.json()).toEqual(refused);
    expect(await (await token({ grant_type: 'refresh_token' })).json()).toEqual(refused);
    expect((await token({ refresh_token: second.refresh_token, grant_type: 'refresh_token' })).status).toBe(200);
    const third = await tokens();
    fake.revokeRefreshTokens();
    expect(await (await token({ refresh_token: third.refresh_token, grant_type: 'refresh_token' })).json()).toEqual(refused);
  });

  it('an access token lives 24 hours', async () => {
    const { access_token } = await tokens();
    const get = () => fake.app.request('/api/sync/watchlist/shows', { headers: apiHeaders(access_token) });
    clock += 24 * 3600 * 1000 - 1;
    expect((await get()).status).toBe(200);
    clock += 1;
    expect((await get()).status).toBe(401);
  });

  it('the watchlist API requires its four headers and a live bearer', async () => {
    const { access_token } = await tokens();
    const get = (headers: Record<string, string>, kind = 'shows') => fake.app.request(`/api/sync/watchlist/${kind}`, { headers });
    const full = apiHeaders(access_token);
    const ok = await get({ ...full, 'Content-Type': 'application/json; charset=utf-8' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('X-Pagination-Item-Count')).toBe('6');
    const items = (await ok.json()) as Array<Record<string, unknown>>;
    expect(items[0]).toEqual({
      rank: 1,
      id: 51000,
      listed_at: '2026-01-01T00:00:00.000Z',
      notes: null,
      type: 'show',
      show: { title: 'Severance', year: 2022, ids: { trakt: 1000, slug: 'severance', imdb: 'tt9001000', tmdb: 901000, tvdb: 801000 } },
    });
    const movies = (await (await get(full, 'movies')).json()) as Array<{ movie: { title: string } }>;
    expect(movies.map((m) => m.movie.title)).toEqual([
      'Everything Everywhere All at Once',
      'Spider-Man: Across the Spider-Verse',
      'Past Lives',
      'Dune: Part Two',
      'Spirited Away',
      'Knives Out',
    ]);

    const without = (name: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== name));
    const answer = async (response: Response) => [response.status, await response.json()];
    expect(await answer(await get(without('trakt-api-version')))).toEqual([400, { error: 'trakt-api-version must be 2' }]);
    expect(await answer(await get({ ...full, 'trakt-api-version': '3' }))).toEqual([400, { error: 'trakt-api-version must be 2' }]);
    const noAgent = await get(without('User-Agent'));
    expect(noAgent.status).toBe(403);
    expect(noAgent.headers.get('Content-Type')).toContain('text/html');
    expect(await noAgent.text()).toBe('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>');
    expect(await answer(await get(without('trakt-api-key')))).toEqual([403, { error: 'invalid API key or unapproved app' }]);
    expect(await answer(await get(without('Content-Type')))).toEqual([412, { error: 'Content-Type must be application/json' }]);
    const invalidToken = [401, { error: 'invalid_token', error_description: 'The access token is invalid or expired' }];
    expect(await answer(await get(without('Authorization')))).toEqual(invalidToken);
    expect(await answer(await get({ ...full, Authorization: `Digest ${access_token}` }))).toEqual(invalidToken);
    fake.expireAccessTokens();
    expect(await answer(await get(full))).toEqual(invalidToken);
  });

  it('pages the watchlist with page and limit, reported in X-Pagination-* headers', async () => {
    const { access_token } = await tokens();
    const page = async (query: string) => {
      const response = await fake.app.request(`/api/sync/watchlist/shows?${query}`, { headers: apiHeaders(access_token) });
      const h = (name: string) => response.headers.get(`X-Pagination-${name}`);
      const items = (await response.json()) as Array<{ rank: number }>;
      return { page: h('Page'), limit: h('Limit'), pages: h('Page-Count'), count: h('Item-Count'), ranks: items.map((i) => i.rank) };
    };
    expect(await page('')).toEqual({ page: '1', limit: '100', pages: '1', count: '6', ranks: [1, 2, 3, 4, 5, 6] });
    expect(await page('page=2&limit=4')).toEqual({ page: '2', limit: '4', pages: '2', count: '6', ranks: [5, 6] });
    expect(await page('page=3&limit=2')).toEqual({ page: '3', limit: '2', pages: '3', count: '6', ranks: [5, 6] });
    expect(await page('page=0&limit=500')).toEqual({ page: '1', limit: '100', pages: '1', count: '6', ranks: [1, 2, 3, 4, 5, 6] });
    expect(await page('page=x&limit=y')).toEqual({ page: '1', limit: '100', pages: '1', count: '6', ranks: [1, 2, 3, 4, 5, 6] });
    expect(await page('limit=-3')).toEqual({ page: '1', limit: '1', pages: '6', count: '6', ranks: [1] });
  });

  it('insists on the API version it was given', async () => {
    fake = createTraktFake({ clientId: 'tid', clientSecret: 'tsecret', redirectUris: [REDIRECT], apiVersion: '3' });
    const { access_token } = await tokens();
    const response = await fake.app.request('/api/sync/watchlist/shows', { headers: apiHeaders(access_token) });
    expect([response.status, await response.json()]).toEqual([400, { error: 'trakt-api-version must be 3' }]);
  });
});

describe('Steam fake', () => {
  let fake: Hono;
  beforeEach(() => {
    fake = createSteamFake({ apiKey: 'k' }).app;
  });
  const json = async (path: string) => (await fake.request(path)).json();

  it('requires the key (403 with an HTML page otherwise)', async () => {
    for (const path of [`/ISteamUser/GetPlayerSummaries/v2/?steamids=${DEMO_STEAM_ID}`, `/ISteamUser/GetPlayerSummaries/v2/?key=nope&steamids=${DEMO_STEAM_ID}`]) {
      const response = await fake.request(path);
      expect(response.status).toBe(403);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
      expect(await response.text()).toBe('<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1><p>Access is denied. Check the key parameter.</p></body></html>');
    }
  });

  it('answers the three calls in Steam shape, with or without a trailing slash', async () => {
    for (const slash of ['', '/']) {
      expect(await json(`/ISteamUser/ResolveVanityURL/v1${slash}?key=k&vanityurl=MyceliusDemo`)).toEqual({ response: { steamid: '76561198000000001', success: 1 } });
      expect(await json(`/ISteamUser/ResolveVanityURL/v1${slash}?key=k&vanityurl=zzz`)).toEqual({ response: { success: 42, message: 'No match' } });
      const summaries = (await json(`/ISteamUser/GetPlayerSummaries/v2${slash}?key=k&steamids=76561198000000001,76561198000000002,1`)) as {
        response: { players: Array<{ steamid: string; communityvisibilitystate: number }> };
      };
      expect(summaries.response.players.map((p) => [p.steamid, p.communityvisibilitystate])).toEqual([
        ['76561198000000001', 3],
        ['76561198000000002', 1],
      ]);
      const games = (await json(`/IPlayerService/GetOwnedGames/v1${slash}?key=k&steamid=76561198000000001`)) as { response: { game_count: number } };
      expect(games.response.game_count).toBe(5);
    }
    expect(await json(`/IPlayerService/GetOwnedGames/v1/?key=k&steamid=${PRIVATE_STEAM_ID}`)).toEqual({ response: {} });
    expect(await json('/IPlayerService/GetOwnedGames/v1/?key=k&steamid=76561198000000099')).toEqual({ response: {} });
  });

  it('answers a missing vanityurl with 400', async () => {
    const response = await fake.request('/ISteamUser/ResolveVanityURL/v1/?key=k');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('<html><body><h1>Bad Request</h1><p>Required parameter vanityurl is missing</p></body></html>');
  });

  it('gives a public profile its extra fields and a private one only the basic ones', async () => {
    const players = (await json('/ISteamUser/GetPlayerSummaries/v2/?key=k&steamids=76561198000000001,76561198000000002')) as { response: { players: unknown[] } };
    const basic = (steamid: string, vanity: string, personaname: string, communityvisibilitystate: number) => ({
      steamid,
      communityvisibilitystate,
      profilestate: 1,
      personaname,
      profileurl: `https://steamcommunity.com/id/${vanity}/`,
      avatar: 'https://avatars.steamstatic.invalid/demo.jpg',
      avatarmedium: 'https://avatars.steamstatic.invalid/demo_medium.jpg',
      avatarfull: 'https://avatars.steamstatic.invalid/demo_full.jpg',
      avatarhash: 'demo',
      personastate: 1,
    });
    expect(players.response.players).toEqual([
      { ...basic('76561198000000001', 'myceliusdemo', 'MyceliusDemo', 3), lastlogoff: 1_767_225_600, commentpermission: 1, timecreated: 1_420_070_400 },
      basic('76561198000000002', 'myceliusprivate', 'QuietSpore', 1),
    ]);
  });

  it('looks up at most 100 ids and skips empty ones', async () => {
    const filler = Array.from({ length: 99 }, (_, i) => String(i + 1));
    const ids = async (list: string) => ((await json(`/ISteamUser/GetPlayerSummaries/v2/?key=k&steamids=${list}`)) as { response: { players: Array<{ steamid: string }> } }).response.players.map((p) => p.steamid);
    expect(await ids([...filler, '76561198000000001'].join(','))).toEqual(['76561198000000001']);
    expect(await ids([...filler, '7', '76561198000000001'].join(','))).toEqual([]);
    expect(await ids([',', ...filler, '76561198000000001'].join(','))).toEqual(['76561198000000001']);
    expect(await ids('')).toEqual([]);
  });

  it('lists owned games with app info and free games only when asked (1 or true)', async () => {
    const owned = async (query: string) =>
      ((await json(`/IPlayerService/GetOwnedGames/v1/?key=k&steamid=76561198000000001&${query}`)) as { response: { game_count: number; games: Array<Record<string, unknown>> } }).response;
    const all = await owned('include_appinfo=1&include_played_free_games=1');
    expect(all.game_count).toBe(7);
    expect(all.games[0]).toEqual({
      appid: 413150,
      name: 'Stardew Valley',
      img_icon_url: 'sdv',
      has_community_visible_stats: true,
      playtime_forever: 5410,
      playtime_2weeks: 320,
      playtime_windows_forever: 5410,
      playtime_mac_forever: 0,
      playtime_linux_forever: 0,
      rtime_last_played: 1_767_225_600,
    });
    expect(all.games.map((g) => [g.appid, g.name, g.playtime_forever, g.playtime_2weeks])).toEqual([
      [413150, 'Stardew Valley', 5410, 320],
      [1145360, 'Hades', 3125, undefined],
      [1245620, 'ELDEN RING', 7840, 95],
      [292030, 'The Witcher 3: Wild Hunt', 4380, undefined],
      [105600, 'Terraria', 2290, undefined],
      [570, 'Dota 2', 1260, undefined],
      [730, 'Counter-Strike 2', 640, undefined],
    ]);
    expect(all.games.filter((g) => 'playtime_2weeks' in g).map((g) => g.appid)).toEqual([413150, 1245620]);
    expect((await owned('include_appinfo=true&include_played_free_games=true')).games).toEqual(all.games);
    const plain = await owned('');
    expect(plain.game_count).toBe(5);
    expect(plain.games[1]).toEqual({
      appid: 1145360,
      playtime_forever: 3125,
      playtime_windows_forever: 3125,
      playtime_mac_forever: 0,
      playtime_linux_forever: 0,
      rtime_last_played: 1_767_225_600,
    });
    expect((await owned('include_appinfo=0&include_played_free_games=false')).games).toEqual(plain.games);
  });

  it('serves the players it was given instead of the demo ones', async () => {
    fake = createSteamFake({
      apiKey: 'k',
      players: [{ steamid: '76561198000000077', vanity: 'spore', personaname: 'Spore', communityvisibilitystate: 3, games: [] }],
    }).app;
    expect(await json('/ISteamUser/ResolveVanityURL/v1/?key=k&vanityurl=spore')).toEqual({ response: { steamid: '76561198000000077', success: 1 } });
    expect(await json('/ISteamUser/ResolveVanityURL/v1/?key=k&vanityurl=myceliusdemo')).toEqual({ response: { success: 42, message: 'No match' } });
    expect(await json('/IPlayerService/GetOwnedGames/v1/?key=k&steamid=76561198000000077')).toEqual({ response: { game_count: 0, games: [] } });
  });

  // The demo Steam card lists these accounts under its field; each must answer as the hint says.
  it.each([
    ['myceliusdemo', '76561198000000001', 'MyceliusDemo', 3],
    ['myceliusprivate', '76561198000000002', 'QuietSpore', 1],
  ])('knows the vanity name %s as %s, named %s, with visibility %i', async (vanity, steamid, personaname, visibility) => {
    expect(await json(`/ISteamUser/ResolveVanityURL/v1/?key=k&vanityurl=${vanity}`)).toEqual({ response: { steamid, success: 1 } });
    const body = (await json(`/ISteamUser/GetPlayerSummaries/v2/?key=k&steamids=${steamid}`)) as {
      response: { players: Array<{ personaname: string; communityvisibilitystate: number }> };
    };
    expect(body.response.players).toMatchObject([{ personaname, communityvisibilitystate: visibility }]);
  });
});

describe('ExpiringMap', () => {
  it('forgets expired entries and, past its size, the oldest, whenever a new one is set', () => {
    let t = 100;
    const map = new ExpiringMap<string>(3, () => t);
    map.set('a', 'A', 200);
    map.set('b', 'B', 300);
    expect([map.get('a'), map.get('b'), map.size]).toEqual(['A', 'B', 2]);
    t = 300;
    // b expires at this very moment: unknown to get, still remembered until the next set.
    expect([map.get('a'), map.get('b'), map.has('b')]).toEqual([undefined, undefined, true]);
    map.set('c', 'C', 400);
    expect([map.has('a'), map.has('b'), map.size]).toEqual([false, false, 1]);
    map.set('d', 'D', 500);
    map.set('e', 'E', 600);
    map.set('f', 'F', 700);
    expect([map.has('c'), map.get('d'), map.get('f'), map.size]).toEqual([false, 'D', 'F', 3]);
  });
});

describe('demo mode', () => {
  it('mounts nothing when every provider has credentials, only the missing ones otherwise', async () => {
    expect(demoProviders(testConfig({}))).toBeNull();
    const partial = createApp(testConfig({}, { SPOTIFY_CLIENT_SECRET: '', STEAM_API_KEY: '' }));
    expect((await partial.request('/demo/spotify/authorize')).status).toBe(400);
    expect((await partial.request('/demo/steam/ISteamUser/ResolveVanityURL/v1/?vanityurl=x')).status).toBe(403);
    expect((await partial.request('/demo/trakt/oauth/authorize')).status).toBe(404);
  });

  it.each([
    ['Spotify', { SPOTIFY_CLIENT_SECRET: '' }, [400, 404, 404]],
    ['Trakt', { TRAKT_CLIENT_SECRET: '' }, [404, 400, 404]],
    ['Steam', { STEAM_API_KEY: '' }, [404, 404, 403]],
  ])('mounts only %s when only its credentials are missing', async (_name, env, statuses) => {
    const demo = demoProviders(testConfig({}, env));
    expect(demo).not.toBeNull();
    const paths = ['/spotify/authorize', '/trakt/oauth/authorize', '/steam/ISteamUser/ResolveVanityURL/v1/?vanityurl=x'];
    const answered = [];
    for (const path of paths) answered.push((await demo!.request(path)).status);
    expect(answered).toEqual(statuses);
  });

  it('limits each client to RATE_LIMIT_DEMO_PER_MINUTE requests, naming the demo provider', async () => {
    const demo = demoProviders(testConfig({}, { STEAM_API_KEY: '', RATE_LIMIT_DEMO_PER_MINUTE: '1' }))!;
    expect((await demo.request('/steam/ISteamUser/ResolveVanityURL/v1/?vanityurl=x')).status).toBe(403);
    const limited = await demo.request('/steam/ISteamUser/ResolveVanityURL/v1/?vanityurl=x');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many demo provider requests. Try again in 60 s.' } });
  });

  describe('the full round trip with no credentials (as `npm start` runs it)', () => {
    let config: ServerConfig;
    let server: Running;
    beforeAll(async () => {
      const port = await freePort();
      config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
      server = await listen(createApp(config), port);
    });
    afterAll(() => server.close());

    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, jsonPost(body));

    it('/api/config says every provider is demo and points at /demo', async () => {
      const body = (await (await fetch(`${server.url}/api/config`)).json()) as Record<string, { demo: boolean; authorizeUrl?: string }>;
      expect(body.spotify).toMatchObject({ demo: true, authorizeUrl: `${server.url}/demo/spotify/authorize` });
      expect(body.trakt).toMatchObject({ demo: true, authorizeUrl: `${server.url}/demo/trakt/oauth/authorize` });
      expect(body.steam).toEqual({ demo: true });
    });

    it('Spotify: consent Allow → code on /spotify/callback → tokens → top artists', async () => {
      const { verifier, challenge } = pkcePair();
      const q = new URLSearchParams({
        client_id: config.spotify.clientId,
        response_type: 'code',
        redirect_uri: config.spotify.redirectUri,
        state: 'demo-state',
        scope: config.spotify.scopes.join(' '),
        show_dialog: 'true',
        code_challenge_method: 'S256',
        code_challenge: challenge,
      });
      const page = await fetch(`${config.spotify.authorizeUrl}?${q.toString()}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
      const back = await consent(config.spotify.authorizeUrl, {
        client_id: config.spotify.clientId,
        redirect_uri: config.spotify.redirectUri,
        state: 'demo-state',
        scope: 'user-top-read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      expect(`${back.location.origin}${back.location.pathname}`).toBe(`${server.url}/spotify/callback`);
      expect(back.state).toBe('demo-state');
      const tokens = (await (await post('/api/spotify/auth/token', { code: back.code, code_verifier: verifier })).json()) as { access_token: string };
      const top = await fetch(`${server.url}/api/api/spotify/me/top/artists?time_range=short_term&limit=5`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(top.status).toBe(200);
      expect(((await top.json()) as { items: unknown[] }).items).toHaveLength(5);
    });

    it('Trakt: consent Allow → code on /callback → tokens → watchlists; Deny → error', async () => {
      const fields = { client_id: config.trakt.clientId, redirect_uri: config.trakt.redirectUri, state: 't' };
      const back = await consent(config.trakt.authorizeUrl, fields);
      expect(`${back.location.origin}${back.location.pathname}`).toBe(`${server.url}/callback`);
      const tokens = (await (await post('/api/trakt/auth/token', { code: back.code })).json()) as { access_token: string; refresh_token: string };
      const shows = await fetch(`${server.url}/api/api/trakt/sync/watchlist/shows`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(((await shows.json()) as unknown[]).length).toBe(6);
      const refreshed = (await (await post('/api/trakt/auth/refresh', { refresh_token: tokens.refresh_token })).json()) as { refresh_token: string };
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await consent(config.trakt.authorizeUrl, fields, 'deny')).error).toBe('access_denied');
    });

    it('Steam: the vanity name, the public profile, the private one and the games', async () => {
      expect(await (await fetch(`${server.url}/api/steam/resolve/${DEMO_STEAM_VANITY}`)).json()).toEqual({ response: { steamid: DEMO_STEAM_ID, success: 1 } });
      const pub = (await (await fetch(`${server.url}/api/steam/player/summaries/${DEMO_STEAM_ID}`)).json()) as { response: { players: Array<{ personaname: string }> } };
      expect(pub.response.players[0]?.personaname).toBe('MyceliusDemo');
      const priv = (await (await fetch(`${server.url}/api/steam/player/summaries/${PRIVATE_STEAM_ID}`)).json()) as { response: { players: Array<{ communityvisibilitystate: number }> } };
      expect(priv.response.players[0]?.communityvisibilitystate).toBe(1);
      const games = (await (await fetch(`${server.url}/api/steam/player/games/${DEMO_STEAM_ID}`)).json()) as { response: { games: unknown[] } };
      expect(games.response.games.length).toBeGreaterThanOrEqual(5);
    });
  });
});
