// @vitest-environment happy-dom
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { profileBadgeMachine } from '../../src/features/profile/machines/profileBadge.machine';
import { profileBadgeActors } from '../../src/features/profile/actors/profileBadge.actors';

const PICTURE = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => localStorage.clear());

describe('profile badge machine', () => {
  it('shows the placeholder without a stored picture, then follows user_profile as it changes', () => {
    localStorage.setItem('user_profile', JSON.stringify({ username: 'me' }));
    const actor = createActor(profileBadgeMachine.provide({ actors: profileBadgeActors })).start();
    expect(actor.getSnapshot().context.picture).toBe('');
    localStorage.setItem('user_profile', JSON.stringify({ username: 'me', profilePicture: PICTURE }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile' }));
    expect(actor.getSnapshot().context.picture).toBe(PICTURE);
    actor.stop();
  });

  it('starts from a picture already stored', () => {
    localStorage.setItem('user_profile', JSON.stringify({ username: 'me', profilePicture: PICTURE }));
    const actor = createActor(profileBadgeMachine.provide({ actors: profileBadgeActors })).start();
    expect(actor.getSnapshot().context.picture).toBe(PICTURE);
    actor.stop();
  });
});
