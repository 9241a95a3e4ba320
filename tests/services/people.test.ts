// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { emptyProfile } from '../../src/domain/profile';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  fetchDiscoverPage,
  fetchMemberView,
  socialFailureText,
} from '../../src/shared/http/people';
import {
  answerRequestFor,
  befriendFor,
  loadDiscoverPageFor,
  loadFriendsFor,
  loadRequestsFor,
  removeFriendFor,
} from '../../src/features/discover/services/socialForSession';
import { createViewerSource } from '../../src/shared/session/viewer';
import { saveProfile } from '../../src/shared/storage/profile';
import { friendsKey } from '../../src/shared/people/usersStore';
import { fakeMember, fakeSessionLogic } from '../support/session';
import { json, mockFetch } from './fetchMock';

const person = (id: string, username: string) => ({ id, username, avatar: username.slice(0, 2).toUpperCase(), profilePicture: '' });
const nova = person('m-2', 'nova');
const mira = person('m-1', 'mira');
const card = {
  ...person('m-2', 'nova'),
  kind: 'member',
  name: 'nova',
  bio: 'Jazz, Celeste',
  mutualFriends: 0,
  communities: ['UW'],
  similarityScore: 72,
  shared: ['Jazz'],
  sharedByCategory: { music: ['Jazz'], games: [], shows: [] },
  relation: 'none',
};
const pending = { id: 'r-1', from: mira, to: nova, createdAt: '2026-11-23T20:00:00.000Z', status: 'pending', match: null };

// The app's viewer source, which the session announces on and the services read; fresh for each test.
let viewer = createViewerSource();

async function memberSession() {
  const session = createActor(fakeSessionLogic({ member: fakeMember }, viewer)).start();
  await waitFor(session, (s) => s.matches('member'));
  return session;
}

async function guestSession() {
  const session = createActor(fakeSessionLogic({ member: null }, viewer)).start();
  await waitFor(session, (s) => s.matches('guest'));
  return session;
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

beforeEach(() => {
  localStorage.clear();
  viewer = createViewerSource();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('people calls (members): the contract routes, parsed, with typed failures', () => {
  it('GET /api/discover sends the community, the trimmed search and the cursor; nothing for All Communities and no search', async () => {
    const server = mockFetch({ 'GET /api/discover': json({ cards: [card], nextCursor: 'c-2' }) });
    await expect(fetchDiscoverPage({ community: 'UW', query: '  jazz ', cursor: 'c-1' })).resolves.toEqual({ cards: [card], nextCursor: 'c-2' });
    await fetchDiscoverPage({ community: 'All Communities', query: '   ', cursor: null });
    expect(server.calls.map((c) => Object.fromEntries(c.query))).toEqual([{ community: 'UW', q: 'jazz', cursor: 'c-1' }, {}]);
  });

  it('a reply that breaks the contract is a server failure, not data', async () => {
    mockFetch({ 'GET /api/discover': json({ cards: [{ ...card, similarityScore: 140 }], nextCursor: null }) });
    const error = await failureOf(fetchDiscoverPage({ community: 'All Communities', query: '', cursor: null }));
    expect(socialFailureText(error, 'fallback')).toBe('Something went wrong on the server. Please try again.');
  });

  it('the contract codes carry their texts; offline and unknown failures say so', async () => {
    mockFetch({ 'GET /api/members/m-9': json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404) });
    expect(socialFailureText(await failureOf(fetchMemberView('m-9')), 'fallback')).toBe('That person could not be found.');

    mockFetch({ 'POST /api/friends/requests/r-1/accept': json({ error: { code: 'NOT_YOUR_REQUEST', message: 'x' } }, 403) });
    expect(socialFailureText(await failureOf(acceptFriendRequest('r-1')), 'fallback')).toBe('That friend request is not yours to answer.');

    mockFetch({ 'POST /api/friends/requests/r-1/decline': json({ error: { code: 'REQUEST_NOT_FOUND', message: 'x' } }, 404) });
    expect(socialFailureText(await failureOf(declineFriendRequest('r-1')), 'fallback')).toBe('That friend request no longer exists.');

    mockFetch({ 'DELETE /api/friends/requests/r-1': 'network-error' });
    expect(socialFailureText(await failureOf(cancelFriendRequest('r-1')), 'fallback')).toBe(
      'You appear to be offline. Please check your connection and try again.',
    );
    // A failure that is not a people call's keeps the caller's own text.
    expect(socialFailureText(new Error('boom'), 'Could not add this friend. Please try again.')).toBe('Could not add this friend. Please try again.');
  });
});

describe('people services choose by the viewer the session announces', () => {
  it("a guest's friends, requests and friend removals stay on the device: no call is made", async () => {
    const server = mockFetch({});
    await guestSession();
    friendsKey.write([{ id: 'a', user_id: 'user-current', friend_id: 'user-1' }]);
    expect((await loadFriendsFor(viewer)).map((f) => f.username)).toEqual(['RiffLord']);
    expect(await loadRequestsFor(viewer)).toEqual({ incoming: [], outgoing: [], friendIds: [] });
    expect((await loadFriendsFor(viewer)).map((f) => f.username)).toEqual(['RiffLord']);
    await removeFriendFor(viewer, 'user-1');
    expect(friendsKey.read()).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it("a member's friends are the server's (no interests, marked member) and then the sample friends kept on the device", async () => {
    mockFetch({ 'GET /api/friends': json({ friends: [{ ...nova, since: '2026-11-23T20:01:00.000Z' }] }) });
    friendsKey.write([{ id: 'a', user_id: 'user-current', friend_id: 'user-1' }]);
    await memberSession();
    const friends = await loadFriendsFor(viewer);
    expect(friends.map((f) => [f.id, f.username, f.kind ?? 'sample'])).toEqual([
      ['m-2', 'nova', 'member'],
      ['user-1', 'RiffLord', 'sample'],
    ]);
    expect(friends[0]).toMatchObject({ interests: [], since: '2026-11-23T20:01:00.000Z' });
  });

  it('removing a member friend calls DELETE /api/friends/:id; a sample friend goes from the device only', async () => {
    const server = mockFetch({ 'DELETE /api/friends/m-2': { status: 204 } });
    friendsKey.write([{ id: 'a', user_id: 'user-current', friend_id: 'user-1' }]);
    await memberSession();
    await removeFriendFor(viewer, 'm-2');
    await removeFriendFor(viewer, 'user-1');
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/friends/m-2']);
    expect(friendsKey.read()).toEqual([]);
  });

  it("a member's requests come with the friends' ids; answers go to their routes", async () => {
    const server = mockFetch({
      'GET /api/friends/requests': json({ incoming: [], outgoing: [pending] }),
      'GET /api/friends': json({ friends: [{ ...person('m-3', 'juno'), since: '2026-11-23T20:01:00.000Z' }] }),
      'POST /api/friends/requests/r-1/accept': json({ friend: { ...nova, since: '2026-11-23T20:02:00.000Z' } }),
      'POST /api/friends/requests/r-2/decline': { status: 204 },
      'DELETE /api/friends/requests/r-3': { status: 204 },
    });
    await memberSession();
    expect(await loadRequestsFor(viewer)).toEqual({ incoming: [], outgoing: [pending], friendIds: ['m-3'] });
    await answerRequestFor(viewer, 'r-1', 'accept');
    await answerRequestFor(viewer, 'r-2', 'decline');
    await answerRequestFor(viewer, 'r-3', 'cancel');
    expect(server.calls.slice(2).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/friends/requests/r-1/accept',
      'POST /api/friends/requests/r-2/decline',
      'DELETE /api/friends/requests/r-3',
    ]);
  });

  it('a 401 ends the session: the member becomes a guest who is told so', async () => {
    mockFetch({ 'GET /api/friends/requests': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401), 'GET /api/friends': json({ friends: [] }) });
    const session = await memberSession();
    const error = await failureOf(loadRequestsFor(viewer));
    expect(socialFailureText(error, 'fallback')).toBe('Your session has ended. Please log in again.');
    expect(session.getSnapshot().matches({ guest: 'sessionEnded' })).toBe(true);
  });

  it("a member's discover: nothing is asked while the profile is incomplete; the sample friends on the device come along", async () => {
    const server = mockFetch({ 'GET /api/discover': json({ cards: [card], nextCursor: null }) });
    await memberSession();
    friendsKey.write([{ id: 'a', user_id: 'user-current', friend_id: 'user-4' }]);
    const query = { community: 'All Communities', query: '', cursor: null } as const;
    expect(await loadDiscoverPageFor(viewer, query)).toEqual({ complete: false, cards: [], nextCursor: null, sampleFriendIds: ['user-4'] });
    expect(server.calls).toEqual([]);
    saveProfile({ ...emptyProfile(), username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] });
    expect(await loadDiscoverPageFor(viewer, query)).toEqual({ complete: true, cards: [card], nextCursor: null, sampleFriendIds: ['user-4'] });
  });

  it("'Add Friend' asks a member (pending, or accepted when they had asked first) and befriends a sample person on the device", async () => {
    const server = mockFetch({
      'POST /api/friends/requests': [json({ request: pending }, 201), json({ request: { ...pending, status: 'accepted' } })],
    });
    await memberSession();
    await expect(befriendFor(viewer, { id: 'm-2', kind: 'member' })).resolves.toEqual({ relation: 'outgoing' });
    await expect(befriendFor(viewer, { id: 'm-2', kind: 'member' })).resolves.toEqual({ relation: 'friends' });
    expect(server.calls.map((c) => c.body)).toEqual([{ toUserId: 'm-2' }, { toUserId: 'm-2' }]);
    await expect(befriendFor(viewer, { id: 'user-3', kind: 'sample' })).resolves.toEqual({ relation: 'friends' });
    expect(friendsKey.read().map((l) => [l.user_id, l.friend_id])).toEqual([['user-current', 'user-3']]);
    expect(server.calls).toHaveLength(2);
  });
});
