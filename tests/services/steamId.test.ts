import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../src/domain/errors';
import { messageFor } from '../../src/domain/errorText';
import { parseSteamInput, resolveSteamId } from '../../src/features/profile/services/steamId';
import { json, mockFetch } from './fetchMock';

const ID = '76561198000000001';

afterEach(() => vi.unstubAllGlobals());

async function failureText(input: string): Promise<string> {
  try {
    await resolveSteamId(input);
  } catch (error) {
    return messageFor(error, 'unmapped');
  }
  throw new Error('expected a failure');
}

describe('Steam id resolution', () => {
  it('uses any trimmed 17-digit input directly, without a call', async () => {
    const { fetchMock } = mockFetch({});
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{17}$/), fc.constantFrom('', ' ', '\t', '  \n'), async (id, pad) => {
        expect(await resolveSteamId(`${pad}${id}${pad}`)).toBe(id);
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    `https://steamcommunity.com/profiles/${ID}`,
    `https://steamcommunity.com/profiles/${ID}/`,
    `http://www.steamcommunity.com/profiles/${ID}/games?tab=all`,
    `steamcommunity.com/profiles/${ID}`,
  ])('takes the id out of the profile URL %s', async (url) => {
    expect(await resolveSteamId(url)).toBe(ID);
  });

  it('resolves a custom URL through the server', async () => {
    const { calls } = mockFetch({ 'GET /api/steam/resolve/my-name_1': json({ response: { steamid: ID, success: 1 } }) });
    expect(await resolveSteamId(' https://steamcommunity.com/id/my-name_1/ ')).toBe(ID);
    expect(calls).toHaveLength(1);
  });

  it.each([
    'hello world',
    '7656119800000000',
    '765611980000000012',
    `https://steamcommunity.com/profiles/${ID}9`,
    'https://steamcommunity.com/id/bad name',
    'https://example.com/id/someone',
    '',
  ])('rejects %j as invalid', async (input) => {
    expect(parseSteamInput(input).kind).toBe('invalid');
    expect(await failureText(input)).toBe('Invalid Steam ID or profile URL. Please enter a valid Steam ID64 or profile URL.');
  });

  it('maps each resolve failure to its docs/product.md text', async () => {
    mockFetch({ 'GET /api/steam/resolve/gone': json({ response: { success: 42, message: 'No match' } }) });
    expect(await failureText('https://steamcommunity.com/id/gone')).toBe('Steam profile not found. Check the custom URL.');

    mockFetch({ 'GET /api/steam/resolve/broken': json({ error: { code: 'UPSTREAM', message: 'x' } }, 502) });
    expect(await failureText('https://steamcommunity.com/id/broken')).toBe('Failed to resolve custom Steam URL. Make sure the URL is correct.');

    mockFetch({ 'GET /api/steam/resolve/offline': 'network-error' });
    expect(await failureText('https://steamcommunity.com/id/offline')).toBe('Failed to resolve Steam URL. Please try again or use your Steam ID64 directly.');
  });

  it('throws typed errors', async () => {
    await expect(resolveSteamId('nope')).rejects.toSatisfy((e) => isAppError(e, 'STEAM_INVALID_INPUT'));
  });
});
