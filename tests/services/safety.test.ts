// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchMemberSettings,
  memberCommunities,
  saveCommunities,
  settingsWithServerPrivacy,
  sharePrivacyWithServer,
  updateMemberSettings,
} from '../../src/shared/http/memberSettings';
import { blockPerson, listBlockedPeople, reportPerson, unblockPerson } from '../../src/features/safety/services/safety';
import { socialFailure } from '../../src/shared/http/socialErrors';
import { json, mockFetch } from './fetchMock';

const nova = { id: 'b1c2', username: 'nova', avatar: 'NO', profilePicture: '', blockedAt: '2026-11-23T20:00:00.000Z' };
const error = (code: string, status: number) => json({ error: { code, message: 'server words' } }, status);

afterEach(() => vi.unstubAllGlobals());

describe('blocks and reports', () => {
  it('block, unblock and the blocked list call the contract routes with the user id', async () => {
    const { calls } = mockFetch({
      'POST /api/blocks': json({}, 201),
      'DELETE /api/blocks/b1%20c2': { status: 204 },
      'GET /api/blocks': json({ blocked: [nova] }),
    });
    await blockPerson('b1c2');
    await unblockPerson('b1 c2');
    await expect(listBlockedPeople()).resolves.toEqual([nova]);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/blocks', { userId: 'b1c2' }],
      ['DELETE', '/api/blocks/b1%20c2', undefined],
      ['GET', '/api/blocks', undefined],
    ]);
  });

  it('a report sends the reason and a trimmed note, leaves a blank note out, and resolves with its id', async () => {
    const { calls } = mockFetch({ 'POST /api/reports': json({ id: 'r-7' }, 201) });
    await expect(reportPerson({ userId: 'c3', reason: 'spam', note: '  sends links  ' })).resolves.toBe('r-7');
    await reportPerson({ userId: 'c3', reason: 'other', note: '   ' });
    expect(calls.map((c) => c.body)).toEqual([
      { userId: 'c3', reason: 'spam', note: 'sends links' },
      { userId: 'c3', reason: 'other' },
    ]);
  });

  it('failures carry the social contract text a person sees', async () => {
    const cases: [Parameters<typeof error>, string][] = [
      [['CANNOT_BLOCK_SELF', 400], 'You cannot block yourself.'],
      [['NOT_FOUND', 404], 'That person could not be found.'],
      [['TOO_MANY_REQUESTS', 429], 'You are doing that too often. Please wait a while and try again.'],
      [['SOMETHING_NEW', 500], 'Something went wrong on the server. Please try again.'],
    ];
    for (const [[code, status], text] of cases) {
      mockFetch({ 'POST /api/blocks': error(code, status) });
      expect(socialFailure(await blockPerson('x').catch((e: unknown) => e)).message).toBe(text);
    }
    mockFetch({ 'POST /api/reports': 'network-error' });
    expect(socialFailure(await reportPerson({ userId: 'x', reason: 'spam' }).catch((e: unknown) => e))).toEqual({
      code: 'OFFLINE',
      message: 'You appear to be offline. Please check your connection and try again.',
    });
    mockFetch({ 'GET /api/blocks': { status: 404, body: 'not json' } });
    expect(socialFailure(await listBlockedPeople().catch((e: unknown) => e)).message).toBe('That person could not be found.');
  });
});

describe('member settings', () => {
  const settings = { profileVisibility: 'private', showOnlineStatus: false, communities: ['UW', 'Seattle'] };

  it('GET and PUT /api/me/settings; PUT sends only the changed part and answers the whole', async () => {
    const { calls } = mockFetch({ 'GET /api/me/settings': json(settings), 'PUT /api/me/settings': json(settings) });
    await expect(fetchMemberSettings()).resolves.toEqual(settings);
    await expect(updateMemberSettings({ communities: ['UW', 'Seattle'] })).resolves.toEqual(settings);
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['GET', undefined],
      ['PUT', { communities: ['UW', 'Seattle'] }],
    ]);
  });

  it("the privacy switches go to the server, whose answer wins; the device copy takes the server's privacy", async () => {
    const { calls } = mockFetch({ 'PUT /api/me/settings': json(settings), 'GET /api/me/settings': json(settings) });
    await expect(sharePrivacyWithServer({ profileVisibility: 'private', showOnlineStatus: true })).resolves.toEqual({
      profileVisibility: 'private',
      showOnlineStatus: false,
    });
    localStorage.setItem('user_settings', JSON.stringify({ theme: 'light', profileVisibility: 'public', notifications: false, soundEffects: true, showOnlineStatus: true }));
    const merged = { theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: true, showOnlineStatus: false };
    await expect(settingsWithServerPrivacy()).resolves.toEqual(merged);
    expect(JSON.parse(localStorage.getItem('user_settings') ?? 'null')).toEqual(merged);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/me/settings', { profileVisibility: 'private', showOnlineStatus: true }],
      ['GET', '/api/me/settings', undefined],
    ]);
  });

  it("a member's communities; a guest (no session hint) asks nothing and has none", async () => {
    const { calls } = mockFetch({ 'GET /api/me/settings': json(settings), 'PUT /api/me/settings': json({ ...settings, communities: ['Microsoft'] }) });
    await expect(memberCommunities()).resolves.toBeNull();
    expect(calls).toEqual([]);
    document.cookie = 'mycelius_member=1; path=/';
    try {
      await expect(memberCommunities()).resolves.toEqual(['UW', 'Seattle']);
      await expect(saveCommunities(['Microsoft'])).resolves.toEqual(['Microsoft']);
      expect(calls.map((c) => c.body)).toEqual([undefined, { communities: ['Microsoft'] }]);
      mockFetch({ 'GET /api/me/settings': error('UNAUTHENTICATED', 401) });
      await expect(memberCommunities()).resolves.toBeNull();
    } finally {
      document.cookie = 'mycelius_member=; path=/; max-age=0';
    }
  });
});
