// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tasteOfferPendingKey } from '../../src/features/profile/storage/tasteOffer';

// `taste_offer_<service>` in session storage: a service that has just connected and whose taste has not
// been offered yet; it survives the OAuth redirect and nothing longer.

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('taste offer flag', () => {
  it('is false until set, per service, in session storage', () => {
    expect(tasteOfferPendingKey('spotify').read()).toBe(false);
    tasteOfferPendingKey('spotify').write(true);
    expect(sessionStorage.getItem('taste_offer_spotify')).toBe('true');
    expect(localStorage.getItem('taste_offer_spotify')).toBeNull();
    expect(tasteOfferPendingKey('spotify').read()).toBe(true);
    expect(tasteOfferPendingKey('steam').read()).toBe(false);
  });

  it('reads anything but a boolean as false', () => {
    sessionStorage.setItem('taste_offer_trakt', '"yes"');
    expect(tasteOfferPendingKey('trakt').read()).toBe(false);
  });
});
