// The member's own profile was saved on another device (the live channel's 'profile.changed', or the
// channel opening again after a gap): the profile sync, which runs under the session rather than the
// live channel, hears it here and fetches the profile.

const listeners = new Set<() => void>();

/** The profile sync listens while a member is signed in; returns the unsubscribe. */
export function onOwnProfileChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportOwnProfileChanged(): void {
  for (const listener of [...listeners]) listener();
}
