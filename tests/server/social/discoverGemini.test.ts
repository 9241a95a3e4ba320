import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, type TestMember } from './support/members';
import { runFakeGeminiAroundTests } from '../support/fakeGemini';

// Discover with Gemini configured: one similarity call per ranking on a cache miss (SPEC's batch rule),
// none on a cache hit, and a pair's Gemini score is the one both members see.

const KEY = 'test-gemini-key';

describe.each(DATABASE_KINDS)('discover with Gemini on %s', (kind) => {
  const gemini = runFakeGeminiAroundTests(KEY);
  const fake = gemini.fake;
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url() }) });


  async function scores(member: TestMember): Promise<Record<string, number>> {
    const response = await member.browser.request('GET', '/api/discover');
    expect(response.status).toBe(200);
    const page = (await response.json()) as { cards: { username: string; similarityScore: number }[] };
    return Object.fromEntries(page.cards.map((c) => [c.username, c.similarityScore]));
  }

  it('asks once per ranking, not again on a cache hit, and gives both members of a pair the same score', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    await addMember(setup.database, setup.app, 'Carol', { musicGenres: ['Jazz'] });

    fake.enqueue({ text: JSON.stringify([{ username: 'Bob', score: 77 }, { username: 'Carol', score: 40 }]) });
    expect(await scores(alice)).toEqual({ Bob: 77, Carol: 40 });
    expect(fake.requests).toHaveLength(1);
    expect(await scores(alice)).toEqual({ Bob: 77, Carol: 40 });
    expect(fake.requests).toHaveLength(1);

    // Bob's ranking reuses the Alice-Bob score and asks only about Carol.
    fake.enqueue({ text: JSON.stringify([{ username: 'Carol', score: 12 }]) });
    expect(await scores(bob)).toEqual({ Alice: 77, Carol: 12 });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.user).toContain('Carol');
    expect(fake.requests[1]?.user).not.toContain('Alice');
  });

  it("counts its Gemini calls against AI_DAILY_LIMIT, and scores with the local engine once the day's budget is spent", async () => {
    const limited = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SAMPLE_PEOPLE: 'off', GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url(), AI_DAILY_LIMIT: '1' }), {
      members: { db: setup.database.db },
    });
    const alice = await addMember(setup.database, limited, 'Alice', { musicGenres: ['Jazz'] });
    await addMember(setup.database, limited, 'Twin', { musicGenres: ['Jazz'] });
    await addMember(setup.database, limited, 'Other', { musicGenres: ['Opera'] });

    fake.enqueue({ text: JSON.stringify([{ username: 'Twin', score: 64 }, { username: 'Other', score: 15 }]) });
    expect(await scores(alice)).toEqual({ Twin: 64, Other: 15 });
    expect(fake.requests).toHaveLength(1);
    // The AI routes share the same budget: Discover's call spent the one use of the day.
    const similarity = await alice.browser.request('POST', '/api/ai/similarity', { user: { musicGenres: ['Jazz'], favoriteGames: [], favoriteShows: [] }, candidates: [] });
    expect(similarity.status).toBe(429);

    // A ranking that needs Gemini now gets the local engine's scores, and the page still answers
    // (Other, at 0%, is under the 10% floor of a match).
    const twin = await addMember(setup.database, limited, 'Twin2', { musicGenres: ['Jazz'] });
    expect(await scores(twin)).toEqual({ Alice: 100, Twin: 100 });
    expect(fake.requests).toHaveLength(1);
    // Nothing of a budget-spent ranking is kept, so the first ranking after midnight UTC asks Gemini again.
    expect(await setup.database.db.selectFrom('discover_rankings').select('scope').where('member_id', '=', twin.id).execute()).toEqual([]);
  });

  it('falls back to the local engine when Gemini fails, and asks again next time', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    await addMember(setup.database, setup.app, 'Twin', { musicGenres: ['Jazz'] });
    fake.enqueue({ status: 500 });
    expect(await scores(alice)).toEqual({ Twin: 100 });
    fake.enqueue({ text: JSON.stringify([{ username: 'Twin', score: 64 }]) });
    expect(await scores(alice)).toEqual({ Twin: 64 });
    expect(fake.requests).toHaveLength(2);
  });
});
