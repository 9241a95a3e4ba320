import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { friendshipEndings, memberWithFriends, putSettings, twoFriends } from '../social/support/members';
import { useLiveWorld } from './support/liveWorld';

// Presence and friend-request notices as a member's tab hears them: friends coming online and
// going offline, never a member whose Online Status is off, never to someone who is not a friend.

describe.each(DATABASE_KINDS)('presence and notices on %s', (kind) => {
  const world = useLiveWorld(kind);

  it("tells a member when a friend comes online and goes offline, and lists online friends in ready", async () => {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);
    expect(bobTab.frames[0]).toEqual({ type: 'ready', memberId: bob.id, onlineFriends: [ada.id] });
    expect(await adaTab.waitFor((frame) => frame.type === 'presence')).toEqual({ type: 'presence', memberId: bob.id, online: true });

    await bobTab.close();
    expect(await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === false)).toEqual({ type: 'presence', memberId: bob.id, online: false });
  });

  it('announces a member once for their first tab, and offline only when the last one closes', async () => {
    const [ada, bob, cy] = await memberWithFriends(world, 'Ada', 'Bob', 'Cy');
    const adaTab = await world.open(ada);
    const bobFirst = await world.open(bob);
    const bobSecond = await world.open(bob);
    await bobFirst.close();
    // Cy's coming online is published after Bob's events, so once Ada hears it she has heard those.
    await world.open(cy);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.memberId === cy.id);
    expect(adaTab.frames.filter((frame) => frame.type === 'presence' && frame.memberId === bob.id)).toEqual([{ type: 'presence', memberId: bob.id, online: true }]);

    await bobSecond.close();
    expect(await adaTab.waitFor((frame) => frame.memberId === bob.id && frame.online === false)).toEqual({ type: 'presence', memberId: bob.id, online: false });
  });

  it('never shows a member whose Online Status is off, neither in ready nor as they come and go', async () => {
    const [ada, hidden, cy] = await memberWithFriends(world, 'Ada', 'Hidden', 'Cy');
    await putSettings(hidden, { showOnlineStatus: false });
    const hiddenTab = await world.open(hidden);
    const adaTab = await world.open(ada);
    expect(adaTab.frames[0]).toEqual({ type: 'ready', memberId: ada.id, onlineFriends: [] });

    await hiddenTab.close();
    await world.open(hidden);
    await world.open(cy);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.memberId === cy.id);
    expect(adaTab.frames.filter((frame) => frame.type === 'presence')).toEqual([{ type: 'presence', memberId: cy.id, online: true }]);
  });

  it('tells friends offline once when a member switches Online Status off, and online when back on', async () => {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    const adaTab = await world.open(ada);
    await world.open(bob);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === true);

    await putSettings(bob, { showOnlineStatus: false });
    expect(await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === false)).toEqual({ type: 'presence', memberId: bob.id, online: false });
    await putSettings(bob, { showOnlineStatus: true });
    await expect.poll(() => adaTab.frames.filter((frame) => frame.type === 'presence').map((frame) => frame.online)).toEqual([true, false, true]);
  });

  it('shows new friends to each other at once when a request is accepted', async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);
    const sent = await ada.browser.request('POST', '/api/friends/requests', { toUserId: bob.id });
    const { request } = (await sent.json()) as { request: { id: string } };
    expect((await bob.browser.request('POST', `/api/friends/requests/${request.id}/accept`)).status).toBe(200);
    expect(await adaTab.waitFor((frame) => frame.type === 'presence')).toEqual({ type: 'presence', memberId: bob.id, online: true });
    expect(await bobTab.waitFor((frame) => frame.type === 'presence')).toEqual({ type: 'presence', memberId: ada.id, online: true });
  });

  it.each(friendshipEndings)('shows former friends offline to each other at once when one %s the other', async (_ending, end, status) => {
    const [ada, bob] = await twoFriends(world, 'Ada', 'Bob');
    const adaTab = await world.open(ada);
    const bobTab = await world.open(bob);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === true);

    // Bob ends it here; in memberChanges.test.ts Ada does.
    expect((await end(bob, ada)).status).toBe(status);
    expect(await adaTab.waitFor((frame) => frame.type === 'presence' && frame.online === false)).toEqual({ type: 'presence', memberId: bob.id, online: false });
    expect(await bobTab.waitFor((frame) => frame.type === 'presence' && frame.online === false)).toEqual({ type: 'presence', memberId: ada.id, online: false });
  });

  it('tells nobody anything when a member blocks someone who was not a friend', async () => {
    const [ada, cy] = await memberWithFriends(world, 'Ada', 'Cy');
    const stranger = await world.member('Stranger');
    const strangerTab = await world.open(stranger);
    const adaTab = await world.open(ada);
    expect((await ada.browser.request('POST', '/api/blocks', { userId: stranger.id })).status).toBe(201);
    // Cy's coming online is published after the block, so once Ada hears it the block's events are out.
    await world.open(cy);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.memberId === cy.id);
    // No presence either way (the stranger's lists are told to fetch again: memberChanges.test.ts).
    expect(strangerTab.frames.filter((frame) => frame.type !== 'people.changed')).toEqual([{ type: 'ready', memberId: stranger.id, onlineFriends: [] }]);
    expect(adaTab.frames.filter((frame) => frame.type === 'presence')).toEqual([{ type: 'presence', memberId: cy.id, online: true }]);
  });

  it('tells nobody but friends', async () => {
    const [ada, bob] = await memberWithFriends(world, 'Ada', 'Bob');
    const stranger = await world.member('Stranger');
    const strangerTab = await world.open(stranger);
    const adaTab = await world.open(ada);
    await world.open(bob);
    await adaTab.waitFor((frame) => frame.type === 'presence' && frame.memberId === bob.id);
    // Both announcements (Ada's, then Bob's) went out before Ada heard Bob's.
    expect(strangerTab.frames).toEqual([{ type: 'ready', memberId: stranger.id, onlineFriends: [] }]);
  });

  it('tells a member at once who sent them a friend request', async () => {
    const ada = await world.member('Ada');
    const bob = await world.member('Bob');
    const adaTab = await world.open(ada);
    const response = await bob.browser.request('POST', '/api/friends/requests', { toUserId: ada.id });
    expect(response.status).toBe(201);
    expect(await adaTab.waitFor((frame) => frame.type === 'friendRequest')).toEqual({ type: 'friendRequest', from: { id: bob.id, username: 'Bob' } });
    // Bus events are handled one at a time: once Carol's request is heard, all Bob's request set off was sent.
    const carol = await world.member('Carol');
    expect((await carol.browser.request('POST', '/api/friends/requests', { toUserId: ada.id })).status).toBe(201);
    await adaTab.waitFor((frame) => frame.type === 'friendRequest' && (frame.from as { id: string }).id === carol.id);
    expect(adaTab.frames.map((frame) => frame.type)).toEqual(['ready', 'friendRequest', 'friendRequest']);
  });
});
