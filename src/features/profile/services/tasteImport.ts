import { AppError } from '../../../domain/errors';
import type { ServiceName } from '../../../domain/profile';
import { spotifyOffer, steamOffer, traktOffer, withImport, type TasteOffer } from '../../../domain/tasteImport';
import { loadProfile, saveProfile } from '../../../shared/storage/profile';
import { steamIdKey } from '../storage/steamId';
import { tasteOfferPendingKey } from '../storage/tasteOffer';
import { getOwnedGames, getTopArtistGenres, getWatchlist } from './providerData';

// The taste import: after a service connects, what it offers to add to the profile; an accepted
// import is saved like any profile edit (stored at once, synced for members).

/** Marks a service as just connected, so the screen its connect returns to offers its taste. */
export function offerTasteOf(service: ServiceName): void {
  tasteOfferPendingKey(service).write(true);
}

export function isTasteOfferPending(service: ServiceName): boolean {
  return tasteOfferPendingKey(service).read();
}

export function clearTasteOffer(service: ServiceName): void {
  tasteOfferPendingKey(service).remove();
}

export function watchTasteOffer(service: ServiceName, changed: () => void): () => void {
  return tasteOfferPendingKey(service).subscribe(changed);
}

/** What the service reports that the profile has not got yet. */
export async function loadTasteOffer(service: ServiceName): Promise<TasteOffer> {
  if (service === 'spotify') return spotifyOffer(loadProfile(), await getTopArtistGenres({ timeRange: 'medium_term', limit: 20 }));
  if (service === 'trakt') return traktOffer(loadProfile(), await getWatchlist());
  const steamId = steamIdKey.read();
  if (!steamId) throw new AppError('SERVICE_NOT_CONNECTED', { message: 'steam is not connected' });
  return steamOffer(loadProfile(), await getOwnedGames(steamId));
}

/** Adds the accepted items to the stored profile (as it is now) and keeps the service's data. */
export function acceptTasteOffer(offer: TasteOffer, accepted: readonly string[]): void {
  saveProfile(withImport(loadProfile(), offer, accepted));
}
