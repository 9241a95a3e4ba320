import { describe, expect, it } from 'vitest';
import { discoverQuerySchema, gameResultCreateSchema, memberSettingsSchema, reportCreateSchema, SOCIAL_ROUTES } from '../../src/domain/socialContract';

// The routes where members meet (discovery, requests, friends, blocks, reports, the leaderboard) and what
// their bodies must look like.

describe('social routes', () => {
  it.each([
    ['member', '/api/members/m-1', '/api/members/a%2Fb'],
    ['acceptRequest', '/api/friends/requests/m-1/accept', '/api/friends/requests/a%2Fb/accept'],
    ['declineRequest', '/api/friends/requests/m-1/decline', '/api/friends/requests/a%2Fb/decline'],
    ['cancelRequest', '/api/friends/requests/m-1', '/api/friends/requests/a%2Fb'],
    ['friend', '/api/friends/m-1', '/api/friends/a%2Fb'],
    ['block', '/api/blocks/m-1', '/api/blocks/a%2Fb'],
  ] as const)('%s puts the person or request id in the path, encoded', (route, plain, encoded) => {
    expect(SOCIAL_ROUTES[route]('m-1')).toBe(plain);
    expect(SOCIAL_ROUTES[route]('a/b')).toBe(encoded);
  });

  it('encodes a space too', () => {
    expect(SOCIAL_ROUTES.member('a/b c')).toBe('/api/members/a%2Fb%20c');
  });
});

describe('bodies', () => {
  it('discover filters by one of the three communities', () => {
    expect(discoverQuerySchema.safeParse({ community: 'UW', q: 'jazz' }).success).toBe(true);
    expect(discoverQuerySchema.safeParse({}).success).toBe(true);
    expect(discoverQuerySchema.safeParse({ community: 'Tacoma' }).success).toBe(false);
  });

  it('settings hold public or private visibility and known communities', () => {
    const settings = { profileVisibility: 'private', showOnlineStatus: true, communities: ['Seattle', 'UW', 'Microsoft'] };
    expect(memberSettingsSchema.safeParse(settings).success).toBe(true);
    expect(memberSettingsSchema.safeParse({ ...settings, profileVisibility: 'friends' }).success).toBe(false);
    expect(memberSettingsSchema.safeParse({ ...settings, communities: ['Seattle', 'UW', 'Microsoft', 'Seattle'] }).success).toBe(false);
  });

  it('a report has one of the five reasons and a note of at most 500 characters', () => {
    expect(reportCreateSchema.safeParse({ userId: 'm-1', reason: 'spam', note: 'x'.repeat(500) }).success).toBe(true);
    expect(reportCreateSchema.safeParse({ userId: 'm-1', reason: 'spam', note: 'x'.repeat(501) }).success).toBe(false);
    expect(reportCreateSchema.safeParse({ userId: 'm-1', reason: 'boring' }).success).toBe(false);
  });

  it('a game result is a Hot Takes game named by the id the server issued, never by a message count', () => {
    const gameId = '7d3f0c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';
    expect(gameResultCreateSchema.safeParse({ game: 'hottakes', gameId }).success).toBe(true);
    expect(gameResultCreateSchema.safeParse({ game: 'hottakes', messageCount: 5 }).success).toBe(false);
    expect(gameResultCreateSchema.safeParse({ game: 'hottakes', gameId: 'game-1' }).success).toBe(false);
    expect(gameResultCreateSchema.safeParse({ game: 'emojistory', gameId }).success).toBe(false);
  });
});
