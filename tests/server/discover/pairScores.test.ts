import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { type RecordedGeminiRequest } from '../../../server/fakes/gemini';
import { APP_ORIGIN } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, saveTaste, type TestMember } from '../social/support/members';
import { runFakeGeminiAroundTests } from '../support/fakeGemini';

// The scores of a discover ranking with Gemini configured (scoring.ts): which pairs go to Gemini, which
// stored pair scores are reused (younger than an hour, newer than both profiles), what Gemini is told
// about sample people, and what is kept when the local engine stands in.

const KEY = 'pair-scores-key';

describe.each(DATABASE_KINDS)('discover pair scores on %s', (kind) => {
  const gemini = runFakeGeminiAroundTests(KEY);
  const fake = gemini.fake;
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url() }) });


  async function scores(member: TestMember, query = ''): Promise<Record<string, number>> {
    const response = await member.browser.request('GET', `/api/discover${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { cards: { username: string; kind: string; similarityScore: number }[] };
    return Object.fromEntries(page.cards.map((c) => [`${c.username}${c.kind === 'sample' ? ' (sample card)' : ''}`, c.similarityScore]));
  }

  /** The usernames Gemini was asked about in the request. */
  function askedAbout(request: RecordedGeminiRequest | undefined): string[] {
    const data = /<data>\n([\s\S]*)\n<\/data>/.exec(request?.user ?? '')?.[1] ?? '{}';
    return ((JSON.parse(data) as { candidates?: { username: string }[] }).candidates ?? []).map((c) => c.username);
  }

  /** Drops the stored rankings and the pages cut from them (moving discover_generation), as their hour's end would. */
  const forgetRankings = async () => {
    await setup.database.db.deleteFrom('discover_rankings').execute();
    await sql`update discover_generation set n = n + 1`.execute(setup.database.db);
  };
  const pairScores = async () => (await setup.database.db.selectFrom('discover_pair_scores').select('score').orderBy('score').execute()).map((r) => r.score);

  it('tells Gemini the viewer and every unscored candidate, and keeps the pair score', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { hobbies: 'jazz nights', musicGenres: ['Jazz'], favoriteGames: ['Hades'], favoriteShows: ['Dune'] });
    await addMember(setup.database, setup.app, 'Bob', { hobbies: 'chess', musicGenres: ['jazz', 'Rock'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 61 }]) });
    expect(await scores(alice)).toEqual({ Bob: 61 });
    const data = JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(fake.requests[0]?.user ?? '')?.[1] ?? '{}') as unknown;
    expect(data).toEqual({
      user: { hobbies: 'jazz nights', musicGenres: ['jazz'], favoriteGames: ['hades'], favoriteShows: ['dune'] },
      candidates: [{ username: 'Bob', personality: 'chess', interests: ['jazz', 'rock'] }],
    });
    expect(await pairScores()).toEqual([61]);
  });

  it("tells Gemini what the viewer's connected accounts report", async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'], favoriteGames: ['Hades'], connectedTaste: { steamGames: [{ name: 'Hades', hours: 40 }] } });
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    fake.enqueue({ text: '[]' });
    await scores(alice);
    const data = JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(fake.requests[0]?.user ?? '')?.[1] ?? '{}') as { user: Record<string, unknown> };
    expect(data.user.connectedTaste).toEqual({ steamGames: [{ name: 'Hades', hours: 40 }] });
  });

  it('tells Gemini at most 1000 characters of hobbies and 30 items of 200 characters per candidate', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const games = Array.from({ length: 34 }, (_, i) => `game${String(i).padStart(2, '0')}`);
    // A profile item is at most 100 characters (PROFILE_LIMITS), within the 200 Gemini is told, so it goes whole.
    await addMember(setup.database, setup.app, 'Bob', { hobbies: 'h'.repeat(1200), musicGenres: ['Jazz', 'z'.repeat(100)], favoriteGames: games });
    fake.enqueue({ text: '[]' });
    await scores(alice);
    const data = JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(fake.requests[0]?.user ?? '')?.[1] ?? '{}') as { candidates: { personality: string; interests: string[] }[] };
    expect(data.candidates[0]?.personality).toBe('h'.repeat(1000));
    expect(data.candidates[0]?.interests).toEqual(['jazz', 'z'.repeat(100), ...games.slice(0, 28)]);
  });

  it('gives a member Gemini left out 50', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    fake.enqueue({ text: '[]' });
    expect(await scores(alice)).toEqual({ Bob: 50 });
  });

  it('reuses a pair score for an hour, then asks again and replaces it', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    await sql`update profiles set changed_at = now() - interval '3 hours'`.execute(setup.database.db);
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 61 }]) });
    await scores(alice);

    await forgetRankings();
    await sql`update discover_pair_scores set computed_at = now() - interval '59 minutes'`.execute(setup.database.db);
    expect(await scores(alice)).toEqual({ Bob: 61 });
    expect(fake.requests).toHaveLength(1);

    await forgetRankings();
    await sql`update discover_pair_scores set computed_at = now() - interval '61 minutes'`.execute(setup.database.db);
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 33 }]) });
    expect(await scores(alice)).toEqual({ Bob: 33 });
    expect(askedAbout(fake.requests[1])).toEqual(['Bob']);
    expect(await pairScores()).toEqual([33]);
  });

  it('asks again once either member of the pair changed their profile', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    const carol = await addMember(setup.database, setup.app, 'Carol', { musicGenres: ['Jazz'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 61 }, { username: 'Carol', score: 62 }]) });
    await scores(alice);

    await saveTaste(bob, { musicGenres: ['Jazz', 'Rock'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 44 }]) });
    expect(await scores(alice)).toEqual({ Bob: 44, Carol: 62 });
    expect(askedAbout(fake.requests[1])).toEqual(['Bob']);

    await saveTaste(alice, { musicGenres: ['Jazz', 'Pop'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 20 }, { username: 'Carol', score: 21 }]) });
    expect(await scores(alice)).toEqual({ Bob: 20, Carol: 21 });
    expect(askedAbout(fake.requests[2]).sort()).toEqual(['Bob', 'Carol']);

    // Carol's own ranking reuses her pair with Alice, and the pair with Bob is new.
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 70 }]) });
    expect(await scores(carol)).toEqual({ Alice: 21, Bob: 70 });
    expect(askedAbout(fake.requests[3])).toEqual(['Bob']);
  });

  it('keeps nothing when Gemini fails: the local engine scores, and the next ranking asks again', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    fake.enqueue({ status: 500 });
    expect(await scores(alice)).toEqual({ Bob: 100 });
    expect(await pairScores()).toEqual([]);
    expect(await setup.database.db.selectFrom('discover_rankings').selectAll().execute()).toEqual([]);
    // Nor the page: the same view read again asks Gemini again.
    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 61 }]) });
    expect(await scores(alice)).toEqual({ Bob: 61 });
  });

  it('asks Gemini about a sample person under another name when a member took theirs', async () => {
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SAMPLE_PEOPLE: 'on', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url() }), { members: { db: setup.database.db } });
    const alice = await addMember(setup.database, app, 'Alice', { musicGenres: ['Metal'] });
    await addMember(setup.database, app, 'RiffLord', { musicGenres: ['Metal'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'RiffLord', score: 70 }, { username: 'RiffLord (sample)', score: 30 }]) });
    expect(await scores(alice, '?q=rifflord')).toEqual({ RiffLord: 70, 'RiffLord (sample card)': 30 });
    expect(askedAbout(fake.requests[0])).toEqual(['RiffLord', 'RiffLord (sample)']);
  });

  it('scores a sample person with the local engine the same whether or not a member took their name', async () => {
    const local = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SAMPLE_PEOPLE: 'on' }), { members: { db: setup.database.db } });
    const alice = await addMember(setup.database, local, 'Alice', { musicGenres: ['Metal'], favoriteGames: ['Elden Ring'] });
    const alone = (await scores(alice, '?q=rifflord'))['RiffLord (sample card)'];
    expect(alone).toBeGreaterThan(50);
    await addMember(setup.database, local, 'RiffLord', { musicGenres: ['Opera'] });
    await forgetRankings();
    expect((await scores(alice, '?q=rifflord'))['RiffLord (sample card)']).toBe(alone);
  });

  it('scores a sample person under their own name when no member took it, and never stores the local engine’s scores', async () => {
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SAMPLE_PEOPLE: 'on', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url() }), { members: { db: setup.database.db } });
    const alice = await addMember(setup.database, app, 'Alice', { musicGenres: ['Metal'] });
    fake.enqueue({ text: JSON.stringify([{ username: 'RiffLord', score: 35 }]) });
    expect(await scores(alice, '?q=rifflord')).toEqual({ 'RiffLord (sample card)': 35 });
    expect(askedAbout(fake.requests[0])).toEqual(['RiffLord']);

    const local = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SAMPLE_PEOPLE: 'off' }), { members: { db: setup.database.db } });
    const bob = await addMember(setup.database, local, 'Bob', { musicGenres: ['Metal'] });
    const carol = await addMember(setup.database, local, 'Carol', { musicGenres: ['Metal'] });
    expect((await bob.browser.request('GET', '/api/discover')).status).toBe(200);
    expect(await pairScores()).toEqual([]);
    // Nor does the local engine read a Gemini pair score: its own is the same whoever asks.
    const [low, high] = bob.id < carol.id ? [bob.id, carol.id] : [carol.id, bob.id];
    await setup.database.db.insertInto('discover_pair_scores').values({ member_low: low, member_high: high, score: 12, computed_at: new Date(Date.now() + 60_000) }).execute();
    await forgetRankings();
    const page = (await (await bob.browser.request('GET', '/api/discover')).json()) as { cards: { username: string; similarityScore: number }[] };
    expect(page.cards.find((c) => c.username === 'Carol')?.similarityScore).toBe(100);
  });
});
