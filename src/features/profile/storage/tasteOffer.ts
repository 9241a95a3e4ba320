import { z } from 'zod';
import type { ServiceName } from '../../../domain/profile';
import { defineKey, type StoredKey } from '../../../shared/storage/store';

/**
 * A service that has just connected and whose taste has not been offered yet (session storage, so it
 * survives the OAuth redirect back to the screen the connect started from, and no longer).
 */
export function tasteOfferPendingKey(service: ServiceName): StoredKey<boolean> {
  return defineKey(`taste_offer_${service}`, z.boolean(), () => false, { area: 'session' });
}
