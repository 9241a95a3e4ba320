import type { LiveFeatureFactory } from './feature';
import { chatFeature } from './chat';
import { presenceFeature } from './presence';
import { friendRequestNoticesFeature } from './requestNotices';

// Every feature of the live layer, in the order the hub runs them (presence first: its `ready` is
// each socket's first frame). A new feature is one line here.
export const liveFeatures: LiveFeatureFactory[] = [
  presenceFeature,
  friendRequestNoticesFeature,
  chatFeature,
];
