import { describe, expect, it } from 'vitest';
import { discoverQuerySchema, gameResultCreateSchema, memberSettingsSchema, reportCreateSchema, SOCIAL_ROUTES } from '../../src/domain/socialContract';

// The routes where members meet (discovery, requests, friends, blocks, reports, the leaderboard) and what
// their bodies must look like.

describe('social routes', () => {
  it('put the person or request id in the path, encoded', () => {
    expect(SOCIAL_ROUTES.member('m-1')).toBe('/api/members/m-1');
    expect(SOCIAL_ROUTES.acceptRequest('r-1')).toBe('/api/friends/requests/r-1/accept');
    expect(SOCIAL_ROUTES.declineRequest('r-1')).toBe('/api/friends/requests/r-1/decline');
    expect(SOCIAL_ROUTES.cancelRequest('r-1')).toBe('/api/friends/requests/r-1');
    expect(SOCIAL_ROUTES.friend('m-1')).toBe('/api/friends/m-1');
    expect(SOCIAL_ROUTES.block('m-1')).toBe('/api/blocks/m-1');
    expect(SOCIAL_ROUTES.member('a/b c')).toBe('/api/members/a%2Fb%20c');
    expect(SOCIAL_ROUTES.acceptRequest('a/b')).toBe('/api/friends/requests/a%2Fb/accept');
    expect(SOCIAL_ROUTES.declineRequest('a/b')).toBe('/api/friends/requests/a%2Fb/decline');
    expect(SOCIAL_ROUTES.cancelRequest('a/b')).toBe('/api/friends/requests/a%2Fb');
    expect(SOCIAL_ROUTES.friend('a/b')).toBe('/api/friends/a%2Fb');
    expect(SOCIAL_ROUTES.block('a/b')).toBe('/api/blocks/a%2Fb');
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
