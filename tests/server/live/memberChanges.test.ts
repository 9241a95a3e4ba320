import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { friendshipEndings, saveTaste, type TestMember, twoFriends } from '../social/support/members';
import { useLiveWorld } from './support/liveWorld';
import type { LiveClient } from './support/liveClient';

// What a member's open tabs hear when the people around them change (a request answered or cancelled,
// a friendship ended, a block, an unblock) and when their own profile is saved on another device:
// frames that name no one, so every tab fetches its lists again.

const peopleChanged = { type: 'people.changed' };

/** The frames after `ready` of these kinds, in order. */
function changes(tab: LiveClient): unknown[] {
  return tab.frames.filter((frame) => frame.type === 'people.changed' || frame.type === 'profile.changed');
}

describe.each(DATABASE_KINDS)('member changes on %s', (kind) => {
  const world = useLiveWorld(kind);

  async function requestFrom(from: TestMember, to: TestMember): Promise<string> {
    const response = await from.browser.request('POST', '/api/friends/requests', { toUserId: to.id });
    expect(response.status).toBe(201);
    return ((await response.json()) as { request: { id: string } }).request.id;
  }

  /** Ada and Bob, friends, with Ada signed in on two devices (a phone and a laptop) and Bob on one. */
  async function friendsWithAdaOnTwoDevices() {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    const adaPhone = await world.open(ada);
    const adaLaptop = await world.open(ada);
    const bobTab = await world.open(bob);
    return { ada, bob, adaPhone, adaLaptop, bobTab };
  }

  const answers: [string, (ada: TestMember, bob: TestMember, requestId: string) => Promise<Response>, number][] = [
    ['accepted', (_ada, bob, id) => bob.browser.request('POST', `/api/friends/requests/${id}/accept`), 200],
    ['declined', (_ada, bob, id) => bob.browser.request('POST', `/api/friends/requests/${id}/decline`), 204],
    ['cancelled', (ada, _bob, id) => ada.browser.request('DELETE', `/api/friends/requests/${id}`), 204],
  ];
  it.each(answers)('tells both people when a request is %s', async (_answer, answer, status) => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);
    const requestId = await requestFrom(ada, bob);

    expect((await answer(ada, bob, requestId)).status).toBe(status);
    expect(await adaTab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual(peopleChanged);
    expect(await bobTab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual(peopleChanged);
  });

  it('tells both people when two members asking each other become friends', async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const adaTab = await world.open(ada);
    await requestFrom(ada, bob);
    const response = await bob.browser.request('POST', '/api/friends/requests', { toUserId: ada.id });
    expect(response.status).toBe(200);
    expect(await adaTab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual(peopleChanged);
  });

  it.each(friendshipEndings)('tells both people, on every tab, when one %s the other', async (_ending, end, status) => {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    const adaTab = await world.open(ada);
    const bobPhone = await world.open(bob);
    const bobLaptop = await world.open(bob);

    expect((await end(ada, bob)).status).toBe(status);
    for (const tab of [adaTab, bobPhone, bobLaptop]) expect(await tab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual(peopleChanged);
  });

  it('tells a stranger who was asked, and no one else, when they are blocked and when unblocked', async () => {
    const ada = await world.member('Ada');
    const stranger = await world.member('Stranger');
    const cy = await world.member('Cy');
    const cyTab = await world.open(cy);
    const strangerTab = await world.open(stranger);
    await requestFrom(stranger, ada);

    expect((await ada.browser.request('POST', '/api/blocks', { userId: stranger.id })).status).toBe(201);
    expect(await strangerTab.waitFor((frame) => frame.type === 'people.changed', 1_000)).toEqual(peopleChanged);
    expect((await ada.browser.request('DELETE', `/api/blocks/${stranger.id}`)).status).toBe(204);
    await expect.poll(() => changes(strangerTab)).toEqual([peopleChanged, peopleChanged]);
    // Cy's own profile change is published after both, so once Cy hears it Cy has heard all meant for Cy.
    await saveTaste(cy, { hobbies: 'chess' });
    await cyTab.waitFor((frame) => frame.type === 'profile.changed', 1_000);
    expect(changes(cyTab)).toEqual([{ type: 'profile.changed' }]);
  });

  it("tells every tab of a member, and nobody else's, when their profile is saved", async () => {
    const { ada, bob, adaPhone, adaLaptop, bobTab } = await friendsWithAdaOnTwoDevices();

    await saveTaste(ada, { hobbies: 'climbing', musicGenres: ['Jazz'] });
    for (const tab of [adaPhone, adaLaptop]) expect(await tab.waitFor((frame) => frame.type === 'profile.changed', 1_000)).toEqual({ type: 'profile.changed' });
    await saveTaste(bob, { hobbies: 'rowing' });
    await bobTab.waitFor((frame) => frame.type === 'profile.changed', 1_000);
    expect(changes(bobTab)).toEqual([{ type: 'profile.changed' }]);
    expect(changes(adaPhone)).toEqual([{ type: 'profile.changed' }]);
  });

  it('tells every tab of a member who mutes or unmutes a chat, naming that chat, and tells the other member nothing', async () => {
    const { ada, bob, adaPhone, adaLaptop, bobTab } = await friendsWithAdaOnTwoDevices();

    expect((await ada.browser.request('PUT', `/api/chats/${bob.id}/mute`)).status).toBe(200);
    for (const tab of [adaPhone, adaLaptop]) {
      expect(await tab.waitFor((frame) => frame.type === 'mute.changed', 1_000)).toEqual({ type: 'mute.changed', friendId: bob.id, muted: true });
    }
    expect((await ada.browser.request('DELETE', `/api/chats/${bob.id}/mute`)).status).toBe(200);
    expect(await adaLaptop.waitFor((frame) => frame.type === 'mute.changed' && frame.muted === false, 1_000)).toEqual({ type: 'mute.changed', friendId: bob.id, muted: false });
    // A later frame to Bob through the same bus: had the mute been told to him, it would have come first.
    await ada.browser.request('DELETE', `/api/friends/${bob.id}`);
    await bobTab.waitFor((frame) => frame.type === 'people.changed', 1_000);
    expect(bobTab.frames.filter((frame) => frame.type === 'mute.changed')).toEqual([]);
  });
});
