import { describe, expect, it } from 'vitest';
import { createSession } from '../../../server/members/sessions';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { askToBeFriends, befriend, expectAnswer, json, type Person, useWorld } from './support/world';

// Friends (listing, ending a friendship for both) and blocks (which end friendships and requests
// both ways and keep the pair apart).

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } };

async function friendIds(person: Person): Promise<string[]> {
  const { friends } = await json<{ friends: { id: string }[] }>(await person.browser.request('GET', '/api/friends'));
  return friends.map((f) => f.id);
}

async function requestCounts(person: Person): Promise<[number, number]> {
  const lists = await json<{ incoming: unknown[]; outgoing: unknown[] }>(await person.browser.request('GET', '/api/friends/requests'));
  return [lists.incoming.length, lists.outgoing.length];
}

describe.each(DATABASE_KINDS)('friends and blocks on %s', (kind) => {
  const world = useWorld(kind);

  it('lists friends by name and shows a private friend their picture', async () => {
    const [alice, zed, bob] = await world.signUpEach('Alice', 'zed', 'Bob');
    await world.setProfile(bob, { picture: 'data:image/png;base64,iVBORw0KGgo=', visibility: 'private' });
    await befriend(zed, alice);
    await befriend(bob, alice);

    expect(await json(await alice.browser.request('GET', '/api/friends'))).toEqual({
      friends: [
        { id: bob.id, username: 'Bob', avatar: 'BO', profilePicture: 'data:image/png;base64,iVBORw0KGgo=', since: '2026-03-01T12:00:00.000Z' },
        { id: zed.id, username: 'zed', avatar: 'ZE', profilePicture: '', since: '2026-03-01T12:00:00.000Z' },
      ],
    });
  });

  it('shows a private member who is not a friend without their picture in requests', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await world.setProfile(bob, { picture: 'data:image/png;base64,iVBORw0KGgo=', visibility: 'private' });
    await bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id });
    const { incoming } = await json<{ incoming: { from: { profilePicture: string } }[] }>(await alice.browser.request('GET', '/api/friends/requests'));
    expect(incoming.map((r) => r.from.profilePicture)).toEqual(['']);
  });

  it('DELETE /api/friends/:userId ends the friendship for both (204), and again is still 204', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await befriend(alice, bob);

    expect((await bob.browser.request('DELETE', `/api/friends/${alice.id}`)).status).toBe(204);
    expect(await friendIds(alice)).toEqual([]);
    expect(await friendIds(bob)).toEqual([]);
    expect((await bob.browser.request('DELETE', `/api/friends/${alice.id}`)).status).toBe(204);
    // They may ask again afterwards.
    expect((await alice.browser.request('POST', '/api/friends/requests', { toUserId: bob.id })).status).toBe(201);
  });

  it('DELETE /api/friends/:userId answers 404 NOT_FOUND for an unknown or malformed id', async () => {
    const alice = await world.signUp('Alice');
    for (const id of [UNKNOWN_ID, 'nobody']) {
      await expectAnswer(alice.browser.request('DELETE', `/api/friends/${id}`), 404, NOT_FOUND, id);
    }
  });

  it('blocking answers 201 with the block, ends the friendship and requests both ways, and lists the blocked person', async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    await befriend(alice, bob);
    await alice.browser.request('POST', '/api/friends/requests', { toUserId: carol.id });
    await carol.browser.request('POST', '/api/friends/requests', { toUserId: bob.id });
    world.clock.now += 5_000;

    const blocked = await alice.browser.request('POST', '/api/blocks', { userId: bob.id });
    expect(blocked.status).toBe(201);
    const bobBlocked = { id: bob.id, username: 'Bob', avatar: 'BO', profilePicture: '', blockedAt: '2026-03-01T12:00:05.000Z' };
    expect(await json(blocked)).toEqual({ block: bobBlocked });
    expect(await friendIds(alice)).toEqual([]);
    expect(await friendIds(bob)).toEqual([]);
    expect(await json(await alice.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [bobBlocked] });
    expect(await json(await bob.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [] });

    const blockCarol = await carol.browser.request('POST', '/api/blocks', { userId: alice.id });
    expect(blockCarol.status).toBe(201);
    expect(await requestCounts(alice)).toEqual([0, 0]);
    // Carol's request to Bob is between other people and stays.
    expect(await requestCounts(carol)).toEqual([0, 1]);
    expect(await world.database.db.selectFrom('friend_requests').select(['from_id', 'to_id']).execute()).toEqual([{ from_id: carol.id, to_id: bob.id }]);
  });

  it('blocking again is 201 with the first block time; unblocking is 204 and lets requests flow again', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await alice.browser.request('POST', '/api/blocks', { userId: bob.id });
    world.clock.now += 60_000;
    const again = await alice.browser.request('POST', '/api/blocks', { userId: bob.id });
    expect(again.status).toBe(201);
    expect((await json<{ block: { blockedAt: string } }>(again)).block.blockedAt).toBe('2026-03-01T12:00:00.000Z');

    expect((await alice.browser.request('DELETE', `/api/blocks/${bob.id}`)).status).toBe(204);
    expect(await json(await alice.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [] });
    expect((await alice.browser.request('DELETE', `/api/blocks/${bob.id}`)).status).toBe(204);
    expect((await bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id })).status).toBe(201);
  });

  it('a blocked member asking the blocker hears 404 NOT_FOUND; the blocker asking hears 403 YOU_BLOCKED', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await alice.browser.request('POST', '/api/blocks', { userId: bob.id });

    await expectAnswer(bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id }), 404, NOT_FOUND);

    await expectAnswer(alice.browser.request('POST', '/api/friends/requests', { toUserId: bob.id }), 403, { error: { code: 'YOU_BLOCKED', message: 'You have blocked this person. Unblock them first.' } });
  });

  it('refuses to block yourself (400), unknown or malformed ids (404) and a body without userId (400)', async () => {
    const alice = await world.signUp('Alice');
    await expectAnswer(alice.browser.request('POST', '/api/blocks', { userId: alice.id }), 400, { error: { code: 'CANNOT_BLOCK_SELF', message: 'You cannot block yourself.' } });

    for (const id of [UNKNOWN_ID, 'user-3']) {
      await expectAnswer(alice.browser.request('POST', '/api/blocks', { userId: id }), 404, NOT_FOUND, id);
      await expectAnswer(alice.browser.request('DELETE', `/api/blocks/${id}`), 404, NOT_FOUND, id);
    }

    await expectAnswer(alice.browser.request('POST', '/api/blocks', { user: alice.id }), 400, { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
  });

  it('a block racing an accept leaves no friendship', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const sent = await askToBeFriends(alice, bob);

    await Promise.all([
      bob.browser.request('POST', `/api/friends/requests/${sent.request.id}/accept`),
      alice.browser.request('POST', '/api/blocks', { userId: bob.id }),
    ]);
    expect(await world.database.db.selectFrom('friendships').selectAll().execute()).toEqual([]);
    expect(await world.database.db.selectFrom('friend_requests').selectAll().execute()).toEqual([]);
  });

  /** A member with a chosen id (the order of two ids decides how their friendship is stored). */
  async function memberWithId(id: string, username: string): Promise<Person> {
    await world.database.db.insertInto('members').values({ id, username, email: `${username.toLowerCase()}@example.com`, password_hash: 'x' }).execute();
    const person = { id, username, browser: browser(world.app, { address: '203.0.113.7' }) };
    person.browser.setSession((await createSession(world.database.db, id, world.clock.now)).id);
    return person;
  }

  it('ends a friendship named by an id in capitals, whichever way the two ids sort', async () => {
    const ann = await memberWithId('aaaaaaaa-0000-4000-8000-000000000001', 'Ann');
    const ben = await memberWithId('bbbbbbbb-0000-4000-8000-000000000002', 'Ben');
    await befriend(ann, ben);
    expect((await ann.browser.request('DELETE', '/api/friends/BBBBBBBB-0000-4000-8000-000000000002')).status).toBe(204);
    expect(await friendIds(ann)).toEqual([]);
    expect(await friendIds(ben)).toEqual([]);
  });

  it('lists a blocked private member without their picture', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await world.setProfile(bob, { picture: 'data:image/png;base64,iVBORw0KGgo=', visibility: 'private' });
    const blocked = await json<{ block: { profilePicture: string } }>(await alice.browser.request('POST', '/api/blocks', { userId: bob.id }));
    expect(blocked.block.profilePicture).toBe('');
    const { blocked: list } = await json<{ blocked: { profilePicture: string }[] }>(await alice.browser.request('GET', '/api/blocks'));
    expect(list.map((b) => b.profilePicture)).toEqual(['']);
  });
});
