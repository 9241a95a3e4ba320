// @vitest-environment happy-dom
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignUpField } from '../../src/domain/validation';
import { signUpMachine } from '../../src/features/session/machines/signUp.machine';
import { signUpDeviceActions } from '../../src/features/session/actors/authForms.actors';

afterEach(() => localStorage.clear());

function continueAsGuest(typed: Partial<Record<SignUpField, string>>) {
  const actor = createActor(signUpMachine.provide({ actions: signUpDeviceActions })).start();
  for (const [field, value] of Object.entries(typed)) actor.send({ type: 'CHANGE', field: field as SignUpField, value });
  actor.send({ type: 'CONTINUE_AS_GUEST' });
  actor.stop();
}

const storedUsername = () => (JSON.parse(localStorage.getItem('user_profile') ?? '{}') as { username?: string }).username;

// Onboarding starts from the name the guest typed at sign-up.
describe('sign-up as a guest keeps the typed username for onboarding', () => {
  it('stores the trimmed name in the profile', () => {
    continueAsGuest({ username: '  mira ', email: 'mira@example.com' });
    expect(storedUsername()).toBe('mira');
  });

  it('keeps a name the profile already has, and stores nothing for a blank one', () => {
    localStorage.setItem('user_profile', JSON.stringify({ username: 'ada', profilePicture: '', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], connectedServices: { spotify: false, trakt: false, steam: false } }));
    continueAsGuest({ username: 'mira' });
    expect(storedUsername()).toBe('ada');
    localStorage.clear();
    continueAsGuest({ username: '   ' });
    expect(localStorage.getItem('user_profile')).toBeNull();
  });
});
