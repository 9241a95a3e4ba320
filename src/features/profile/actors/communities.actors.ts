import { fromPromise } from 'xstate';
import type { Community } from '../../../domain/community';
import { memberCommunities, saveCommunities } from '../../../shared/http/memberSettings';

/** A member's communities on the server (GET and PUT /api/me/settings). */
export const communitiesActors = {
  loadCommunities: fromPromise<Community[] | null>(() => memberCommunities()),
  saveCommunities: fromPromise<Community[], { communities: Community[] }>(({ input }) => saveCommunities(input.communities)),
};
