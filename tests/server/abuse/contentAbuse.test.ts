import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { befriend, json, type Person, START, useWorld } from '../social/support/world';

// What a hostile member sends in texts, sizes and pictures: control characters are refused at the
// contract (400, never a 500), every profile field and list is bounded (400 naming the field), a
// profile time far ahead of the server cannot freeze later edits, picture bytes must be what they
// say, and someone blocked learns nothing of the blocker from /api/blocks or chat.

const NUL = '\u0000';
const PNG_HEAD = 'data:image/png;base64,iVBORw0KGgo=';
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64');
const GIF_BYTES = Buffer.from('GIF89a\u0001\u0000').toString('base64');
const HTML_BYTES = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');

const profile = (over: Record<string, unknown> = {}) => ({
  username: 'Alice',
  profilePicture: '',
  hobbies: 'climbing',
  musicGenres: ['Jazz'],
  favoriteGames: ['Celeste'],
  favoriteShows: ['Severance'],
  updatedAt: START,
  ...over,
});

describe.each(DATABASE_KINDS)('content a stranger sends, on %s', (kind) => {
  const world = useWorld(kind);

  describe('control characters', () => {
    it('a NUL or another control character in any text is 400, never a 500, and nothing is stored', async () => {
      const alice = await world.signUp('Alice');
      const bob = await world.signUp('Bob');
      await befriend(alice, bob);
      const guest = browser(world.app, { address: '198.51.100.30' });
      const attempts: [Person['browser'], string, string, unknown][] = [
        [guest, 'POST', '/api/auth/login', { username: 'Alice', password: `secret-1${NUL}` }],
        [guest, 'POST', '/api/auth/signup', { username: 'Zed', email: `zed${NUL}@example.com`, password: 'secret-1' }],
        [guest, 'POST', '/api/auth/signup', { username: 'Zed', email: 'zed@example.com', password: `secret${NUL}1` }],
        [alice.browser, 'PUT', '/api/me/profile', profile({ hobbies: `climbing${NUL}` })],
        [alice.browser, 'PUT', '/api/me/profile', profile({ musicGenres: [`Jazz${NUL}`] })],
        [alice.browser, 'PUT', '/api/me/profile', profile({ favoriteShows: ['Two\nlines'] })],
        [alice.browser, 'PUT', '/api/me/profile', profile({ username: `Alice${NUL}` })],
        [alice.browser, 'PUT', '/api/me/profile', profile({ connectedTaste: { spotifyGenres: [`pop${NUL}`] } })],
        [alice.browser, 'POST', '/api/reports', { userId: bob.id, reason: 'spam', note: `see${NUL}this` }],
        [alice.browser, 'POST', '/api/reports', { userId: bob.id, reason: 'spam', note: 'fake line\r\u001b[31mADMIN' }],
        [alice.browser, 'POST', '/api/friends/requests', { toUserId: `${bob.id}${NUL}` }],
        [alice.browser, 'POST', '/api/blocks', { userId: `${bob.id}${NUL}` }],
        [alice.browser, 'DELETE', '/api/me', { password: `secret-1${NUL}` }],
        [alice.browser, 'GET', `/api/discover?q=${encodeURIComponent(`jazz${NUL}`)}`, undefined],
        [guest, 'POST', '/api/ai/bio', { username: 'Alice', hobbies: `x${NUL}`, musicGenres: [], favoriteGames: [], favoriteShows: [] }],
        [guest, 'POST', '/api/ai/chat/reply', { username: 'Riff', personality: 'Loud', interests: [], messages: [], message: `hi${NUL}` }],
        [guest, 'POST', '/api/ai/hot-takes/prompt', { interests: [`Metal${NUL}`] }],
      ];
      for (const [who, method, path, body] of attempts) {
        const response = await who.request(method, path, body);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      }
      const { db } = world.database;
      expect(await db.selectFrom('reports').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('profiles').select('updated_at').where('member_id', '=', alice.id).where('updated_at', '>', 0).execute()).toEqual([]);
    });

    it('a NUL in a path or query parameter is never a 500', async () => {
      const alice = await world.signUp('Alice');
      for (const path of [
        '/api/friends/requests/%00/accept',
        '/api/friends/requests/%00/decline',
        '/api/friends/%00',
        '/api/blocks/%00',
        '/api/members/%00',
        '/api/chats/%00/messages',
        '/api/chats/%00/messages?before=%00',
        '/api/leaderboard?tab=%00',
      ]) {
        for (const method of ['GET', 'POST', 'DELETE']) {
          const response = await alice.browser.request(method, path, method === 'POST' ? { clientId: 'c', text: 'x', upTo: '1' } : undefined);
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
        }
      }
    });

    it('line breaks and tabs stay allowed where a text has lines: a report note, hobbies', async () => {
      const alice = await world.signUp('Alice');
      const bob = await world.signUp('Bob');
      await befriend(alice, bob);
      expect((await alice.browser.request('POST', '/api/reports', { userId: bob.id, reason: 'other', note: 'first\nsecond' })).status).toBe(201);
      expect((await alice.browser.request('PUT', '/api/me/profile', profile({ hobbies: 'climbing\nchess' }))).status).toBe(200);
    });
  });

  describe('sizes', () => {
    it('a list of more than 50 items, an item over 100 characters, hobbies over 2000 characters: 400 naming the field', async () => {
      const alice = await world.signUp('Alice');
      const cases: [Record<string, unknown>, string][] = [
        [{ musicGenres: Array.from({ length: 51 }, (_, i) => `Genre ${i}`) }, 'musicGenres'],
        [{ favoriteGames: ['x'.repeat(101)] }, 'favoriteGames'],
        [{ favoriteShows: Array.from({ length: 51 }, (_, i) => `Show ${i}`) }, 'favoriteShows'],
        [{ hobbies: 'h'.repeat(2001) }, 'hobbies'],
        [{ username: 'u'.repeat(65) }, 'username'],
      ];
      for (const [over, field] of cases) {
        const response = await alice.browser.request('PUT', '/api/me/profile', profile(over));
        expect(response.status, field).toBe(400);
        const body = await json<{ error: { code: string; message: string } }>(response);
        expect(body.error.code).toBe('INVALID_REQUEST');
        expect(body.error.message).toContain(field);
      }
    });

    it('the most a profile holds is taken: 50 items of 100 characters in every list, 2000 characters of hobbies', async () => {
      const alice = await world.signUp('Alice');
      const list = (tag: string) => Array.from({ length: 50 }, (_, i) => `${tag}${i}`.padEnd(100, '.'));
      const full = profile({ musicGenres: list('m'), favoriteGames: list('g'), favoriteShows: list('s'), hobbies: 'h'.repeat(2000) });
      const response = await alice.browser.request('PUT', '/api/me/profile', full);
      expect(response.status).toBe(200);
    });

    it('over 16,000 list items is a 400, not a 500, and the stored profile stays', async () => {
      const alice = await world.signUp('Alice');
      expect((await alice.browser.request('PUT', '/api/me/profile', profile())).status).toBe(200);
      const huge = Array.from({ length: 20_000 }, (_, i) => `${i}`);
      const response = await alice.browser.request('PUT', '/api/me/profile', profile({ musicGenres: huge, updatedAt: START + 1 }));
      expect(response.status).toBe(400);
      const me = await json<{ profile: { musicGenres: string[]; updatedAt: number } }>(await alice.browser.request('GET', '/api/me'));
      expect(me.profile).toMatchObject({ musicGenres: ['Jazz'], updatedAt: START });
    });
  });

  describe('a profile time from the future', () => {
    it('is stored as the server time, so a later edit still wins', async () => {
      const alice = await world.signUp('Alice');
      const aYearAhead = START + 365 * 24 * 60 * 60 * 1000;
      const forged = await alice.browser.request('PUT', '/api/me/profile', profile({ hobbies: 'forged', updatedAt: aYearAhead }));
      expect(forged.status).toBe(200);
      expect((await json<{ profile: { updatedAt: number } }>(forged)).profile.updatedAt).toBe(START);

      world.clock.now = START + 60_000;
      const later = await alice.browser.request('PUT', '/api/me/profile', profile({ hobbies: 'real edit', updatedAt: START + 60_000 }));
      expect((await json<{ profile: { hobbies: string; updatedAt: number } }>(later)).profile).toMatchObject({ hobbies: 'real edit', updatedAt: START + 60_000 });
    });

    it('a clock a few minutes ahead (up to 5) is kept as sent', async () => {
      const alice = await world.signUp('Alice');
      const ahead = START + 5 * 60_000;
      const response = await alice.browser.request('PUT', '/api/me/profile', profile({ updatedAt: ahead }));
      expect((await json<{ profile: { updatedAt: number } }>(response)).profile.updatedAt).toBe(ahead);
    });
  });

  describe('pictures', () => {
    it.each([
      ['JPEG bytes declared as PNG', `data:image/png;base64,${JPEG_BYTES}`],
      ['PNG bytes declared as JPEG', PNG_HEAD.replace('image/png', 'image/jpeg')],
      ['HTML declared as GIF', `data:image/gif;base64,${HTML_BYTES}`],
      ['GIF bytes declared as WebP', `data:image/webp;base64,${GIF_BYTES}`],
    ])('%s is refused with 400 INVALID_PICTURE', async (_name, profilePicture) => {
      const alice = await world.signUp('Alice');
      const response = await alice.browser.request('PUT', '/api/me/profile', profile({ profilePicture }));
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        error: { code: 'INVALID_PICTURE', message: 'That picture could not be used. Please choose a PNG, JPEG, WebP or GIF image.' },
      });
    });

    it('bytes that match their type are taken', async () => {
      const alice = await world.signUp('Alice');
      for (const [index, picture] of [PNG_HEAD, `data:image/jpeg;base64,${JPEG_BYTES}`, `data:image/gif;base64,${GIF_BYTES}`].entries()) {
        const response = await alice.browser.request('PUT', '/api/me/profile', profile({ profilePicture: picture, updatedAt: START + index }));
        expect(response.status, picture).toBe(200);
      }
    });
  });

  describe('blocks reveal nothing', () => {
    it('someone blocked who blocks back gets no picture of the blocker from POST or GET /api/blocks', async () => {
      const alice = await world.signUp('Alice');
      const mallory = await world.signUp('Mallory');
      await world.setProfile(alice, { picture: PNG_HEAD });
      expect((await alice.browser.request('POST', '/api/blocks', { userId: mallory.id })).status).toBe(201);

      const blockedBack = await mallory.browser.request('POST', '/api/blocks', { userId: alice.id });
      expect(blockedBack.status).toBe(201);
      const { block } = await json<{ block: { profilePicture: string } }>(blockedBack);
      expect(block.profilePicture).toBe('');
      const listed = await json<{ blocked: { id: string; profilePicture: string }[] }>(await mallory.browser.request('GET', '/api/blocks'));
      expect(listed.blocked).toEqual([expect.objectContaining({ id: alice.id, profilePicture: '' })]);
      // Alice, who blocked first, still sees her own list as before.
      const hers = await json<{ blocked: { id: string }[] }>(await alice.browser.request('GET', '/api/blocks'));
      expect(hers.blocked.map((b) => b.id)).toEqual([mallory.id]);
    });

    it('chat answers someone blocked exactly as a stranger: 403 NOT_FRIENDS, never BLOCKED', async () => {
      const alice = await world.signUp('Alice');
      const mallory = await world.signUp('Mallory');
      const stranger = await world.signUp('Stranger');
      await befriend(alice, mallory);
      expect((await alice.browser.request('POST', '/api/blocks', { userId: mallory.id })).status).toBe(201);

      const answers = async (from: Person, to: Person) => {
        const sent = await from.browser.request('POST', `/api/chats/${to.id}/messages`, { clientId: 'c-1', text: 'hi' });
        const history = await from.browser.request('GET', `/api/chats/${to.id}/messages`);
        const read = await from.browser.request('POST', `/api/chats/${to.id}/read`, { upTo: '1' });
        return [sent.status, await sent.json(), history.status, await history.json(), read.status];
      };
      expect(await answers(mallory, alice)).toEqual(await answers(mallory, stranger));
    });
  });
});
