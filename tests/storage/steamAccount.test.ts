// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startEachTestWithEmptyStorage } from '../support/emptyStorage';
import { steamAccountKey } from '../../src/features/profile/storage/steamAccount';

// `steam_account`: the connected Steam account's name, shown after a reload beside `steam_id`.

startEachTestWithEmptyStorage();

describe('steam_account', () => {
  it('is none until connected, then the id and the account name', () => {
    expect(steamAccountKey.read()).toBeNull();
    steamAccountKey.write({ steamId: '76561198000000001', personaName: 'MyceliusDemo' });
    expect(localStorage.getItem('steam_account')).toBe('{"steamId":"76561198000000001","personaName":"MyceliusDemo"}');
    expect(steamAccountKey.read()).toEqual({ steamId: '76561198000000001', personaName: 'MyceliusDemo' });
  });

  it('reads an id that is not 17 digits, or a missing or over-long name, as none', () => {
    for (const broken of [
      { steamId: '7656119800000000', personaName: 'x' },
      { steamId: '76561198000000001', personaName: '' },
      { steamId: '76561198000000001', personaName: 'n'.repeat(65) },
    ]) {
      localStorage.setItem('steam_account', JSON.stringify(broken));
      expect(steamAccountKey.read()).toBeNull();
    }
    localStorage.setItem('steam_account', JSON.stringify({ steamId: '76561198000000001', personaName: 'n'.repeat(64) }));
    expect(steamAccountKey.read()).toEqual({ steamId: '76561198000000001', personaName: 'n'.repeat(64) });
  });
});
