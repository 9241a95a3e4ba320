import type { SnapshotFrom } from 'xstate';
import type { discoverMachine } from './discover.machine';

// What the Discover screen shows for each state of its machine; the screen only renders these.

type DiscoverSnapshot = SnapshotFrom<typeof discoverMachine>;

export type DiscoverPhase = 'loading' | 'incomplete' | 'ready' | 'failed';

/** 'Loading users...' until the first page is in (or while a search waits for it); the cards from then on. */
export function selectPhase(s: DiscoverSnapshot): DiscoverPhase {
  if (s.matches('incomplete')) return 'incomplete';
  if (s.matches('ready')) return 'ready';
  if (s.matches('failed')) return 'failed';
  return 'loading';
}

/** 'Show more' waits while anything is on its way: an add, a new search, a refresh, the next page. */
export const selectBusy = (s: DiscoverSnapshot) => !s.matches({ ready: 'idle' });

/**
 * The cards' Add Friend waits while an add, a new search or the next page is on its way; not while the same
 * ranking is asked again in the background (a live change can start one just as a person presses).
 */
export const selectCardsBusy = (s: DiscoverSnapshot) => !s.matches({ ready: 'idle' }) && !s.matches({ ready: 'refreshing' });

/** The cards in view answer an older search or community, or are being ranked again. */
export const selectStale = (s: DiscoverSnapshot) => s.matches({ ready: 'waiting' }) || s.matches({ ready: 'searching' }) || s.matches({ ready: 'refreshing' });

export const selectLoadingMore = (s: DiscoverSnapshot) => s.matches({ ready: 'loadingMore' });
