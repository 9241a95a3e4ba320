import { createActorContext } from '@xstate/react';
import { communityMachine } from '../machines/community.machine';

export const CommunityContext = createActorContext(communityMachine);
