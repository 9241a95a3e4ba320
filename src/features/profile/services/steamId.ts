import { AppError } from '../../../domain/errors';
import { isSteamId } from '../../../domain/steamId';
import { resolveVanity } from './steam';

// docs/product.md sections 4 and 5: how a typed Steam id or profile URL becomes a SteamID64.

// Host with optional scheme and www; the id must end the path segment so 18 digits never match.
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/profiles\/(\d{17})(?:[/?#].*)?$/i;
const VANITY_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/id\/([A-Za-z0-9_-]+)(?:[/?#].*)?$/i;

export type ParsedSteamInput = { kind: 'id'; steamId: string } | { kind: 'vanity'; vanity: string } | { kind: 'invalid' };

/** What the text names, without any network call. */
export function parseSteamInput(input: string): ParsedSteamInput {
  const text = input.trim();
  if (isSteamId(text)) return { kind: 'id', steamId: text };
  const profile = PROFILE_URL.exec(text);
  if (profile) return { kind: 'id', steamId: profile[1]! };
  const vanity = VANITY_URL.exec(text);
  if (vanity) return { kind: 'vanity', vanity: vanity[1]! };
  return { kind: 'invalid' };
}

/**
 * The SteamID64 the text names. A custom URL is resolved through the server.
 * Throws AppError STEAM_INVALID_INPUT, STEAM_RESOLVE_HTTP, STEAM_RESOLVE_NO_ID or STEAM_RESOLVE_NETWORK.
 */
export async function resolveSteamId(input: string, resolve: (vanity: string) => Promise<string | undefined> = resolveVanity): Promise<string> {
  const parsed = parseSteamInput(input);
  if (parsed.kind === 'id') return parsed.steamId;
  if (parsed.kind === 'invalid') throw new AppError('STEAM_INVALID_INPUT');
  const steamId = await resolve(parsed.vanity);
  if (!steamId) throw new AppError('STEAM_RESOLVE_NO_ID');
  return steamId;
}
