import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../../src/domain/errors';
import { messageFor } from '../../src/domain/errorText';
import { emptyProfile, isProfileComplete } from '../../src/domain/profile';

// docs/product.md (Discover: a complete profile; the error texts).
describe('isProfileComplete', () => {
  const complete = { ...emptyProfile(), username: 'ana', hobbies: 'climbing', musicGenres: ['Jazz'] };

  it('needs a username, hobbies and at least one of genres, games, shows', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, musicGenres: [], favoriteGames: ['Celeste'] })).toBe(true);
    expect(isProfileComplete({ ...complete, musicGenres: [], favoriteShows: ['Dark'] })).toBe(true);
  });

  it('is incomplete with a blank username or blank hobbies or no list at all', () => {
    expect(isProfileComplete({ ...complete, username: '   ' })).toBe(false);
    expect(isProfileComplete({ ...complete, hobbies: ' ' })).toBe(false);
    expect(isProfileComplete({ ...complete, musicGenres: [] })).toBe(false);
    expect(isProfileComplete(emptyProfile())).toBe(false);
  });
});

describe('error texts', () => {
  it('maps each typed failure to its contract text', () => {
    expect(messageFor(new AppError('MUSIC_FETCH_FAILED'), 'x')).toBe('Failed to fetch Spotify data.');
    expect(messageFor(new AppError('TRACKING_FETCH_FAILED'), 'x')).toBe('Failed to fetch data.');
    expect(messageFor(new AppError('STEAM_FETCH_FAILED'), 'x')).toBe('Failed to fetch Steam data.');
    expect(messageFor(new AppError('STEAM_INVALID_INPUT'), 'x')).toBe('Invalid Steam ID or profile URL. Please enter a valid Steam ID64 or profile URL.');
    expect(messageFor(new AppError('STEAM_RESOLVE_HTTP'), 'x')).toBe('Failed to resolve custom Steam URL. Make sure the URL is correct.');
    expect(messageFor(new AppError('STEAM_RESOLVE_NO_ID'), 'x')).toBe('Steam profile not found. Check the custom URL.');
    expect(messageFor(new AppError('STEAM_RESOLVE_NETWORK'), 'x')).toBe('Failed to resolve Steam URL. Please try again or use your Steam ID64 directly.');
    expect(messageFor(new AppError('STEAM_PROFILE_NOT_FOUND'), 'x')).toBe('Steam profile not found or is PRIVATE');
    expect(messageFor(new AppError('STEAM_CONNECT_FAILED'), 'x')).toBe('Failed to connect to Steam');
    expect(messageFor(new AppError('AI_FAILED'), 'x')).toBe('Failed to generate summary. Please try again.');
  });

  it('uses the fallback for a code without a text and for anything that is not an AppError', () => {
    expect(messageFor(new AppError('NETWORK'), 'fallback')).toBe('fallback');
    expect(messageFor(new Error('boom'), 'fallback')).toBe('fallback');
    expect(messageFor('boom', 'fallback')).toBe('fallback');
  });

  it('an AppError carries its code, status and cause', () => {
    const cause = new Error('root');
    const error = new AppError('HTTP', { status: 502, cause });
    expect(error).toMatchObject({ name: 'AppError', code: 'HTTP', status: 502, message: 'HTTP', cause });
    expect(new AppError('HTTP', { message: 'custom' }).message).toBe('custom');
  });

  it('isAppError checks the class and, when given, the code', () => {
    const error = new AppError('STORAGE_FULL');
    expect(isAppError(error)).toBe(true);
    expect(isAppError(error, 'STORAGE_FULL')).toBe(true);
    expect(isAppError(error, 'NETWORK')).toBe(false);
    expect(isAppError(new Error('STORAGE_FULL'), 'STORAGE_FULL')).toBe(false);
  });
});
