import type { AiProvider } from '../ai/provider';
import type { Logger } from '../lib/log';
import { createDebateFeature } from './debates';
import type { LiveFeatureFactory } from './feature';
import { chatFeature } from './chat';
import { presenceFeature } from './presence';
import { friendRequestNoticesFeature } from './requestNotices';
import { memberChangesFeature } from './memberChanges';

// Every feature of the live layer, in the order the hub runs them (presence first: its `ready` is
// each socket's first frame). A new feature is one line here.
export const liveFeatures: LiveFeatureFactory[] = [
  presenceFeature,
  friendRequestNoticesFeature,
  memberChangesFeature,
  chatFeature,
];

/** Every feature, with those that need the server's own parts: Hot Takes debates have the AI write their prompts. */
export function allLiveFeatures(parts: { ai: Pick<AiProvider, 'hotTakesPrompt'>; log?: Logger }): LiveFeatureFactory[] {
  return [...liveFeatures, createDebateFeature(parts)];
}
