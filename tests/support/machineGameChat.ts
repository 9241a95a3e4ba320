import { expect } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { done, failed, isDone, type ReplayEnv } from './modelTest';

// The leave region every game chat takes from the chat pipeline (bot games, solo Hot Takes), as a player
// sees it: docs/product.md's "Back saves the session when it holds more than the welcome, then goes to
// /games", and the storage-full text from the errors table, written out.

const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

/** What the leave checks read of a game chat's model view. */
export interface GameChatView {
  context: { messages: readonly unknown[]; saveError: string | null };
  snapshot: { hasTag: (tag: string) => boolean };
  env: ReplayEnv;
  events: string[];
  last: { type: string } | undefined;
}

/** What a player does to leave, and how the save of the session ends (done, or the device storage full). */
export const gameChatLeaveEvents = [
  { type: 'BACK' },
  { type: 'DISMISS' },
  { type: 'LEAVE' },
  done('saveLog'),
  failed('saveLog', new AppError('STORAGE_FULL')),
];

/** The chat's way out, recorded as a navigation to /games. */
export const goingToGames = (env: ReplayEnv) => ({ actions: { goToGames: () => env.record('navigate', '/games') } });

const navigations = (view: GameChatView) => view.env.timeline.filter((effect) => effect.type === 'navigate');

/** The leave region's states: still in the chat, saving the session, or told the save failed (and still in the chat). */
export const gameChatLeaveRegion: Record<'staying' | 'saving' | 'failed', (view: GameChatView) => void> = {
  staying: (view) => {
    expect(view.context.saveError).toBeNull();
    expect(navigations(view)).toEqual([]);
  },
  saving: (view) => {
    expect(view.snapshot.hasTag('saving')).toBe(true);
    expect(view.context.saveError).toBeNull();
    expect(view.context.messages.length).toBeGreaterThan(1);
  },
  failed: (view) => {
    expect(view.context.saveError).toBe(STORAGE_FULL);
    expect(view.snapshot.hasTag('saveFailed')).toBe(true);
    expect(navigations(view)).toEqual([]);
  },
};

/**
 * Left: on /games, once. A chat holding only the welcome saved nothing; any other went through a save that
 * finished, or whose failure the player gave up on with LEAVE.
 */
export function expectLeftForGames(view: GameChatView): void {
  expect(navigations(view)).toEqual([{ type: 'navigate', payload: '/games', at: expect.any(Number) }]);
  if (view.context.messages.length === 1) expect(view.env.pending.get('saveLog')).toBeUndefined();
  else expect(view.events.some(isDone('saveLog')) || view.last?.type === 'LEAVE').toBe(true);
}
