import { describe, expect } from 'vitest';
import { communitiesMachine } from '../../src/features/profile/machines/communities.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, expectRanOncePlusOncePer, itCoversTheModel } from '../support/modelTest';

const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const SERVER = 'Something went wrong on the server. Please try again.';

const events = [
  done('loadCommunities', ['UW']),
  done('loadCommunities', null),
  failed('loadCommunities', new MemberApiError('SERVER', { status: 500 })),
  { type: 'RETRY' },
  { type: 'TOGGLE', community: 'Seattle' },
  { type: 'TOGGLE', community: 'UW' },
  // The server keeps the order of the contract, whatever it was sent.
  done('saveCommunities', ['Seattle']),
  failed('saveCommunities', new MemberApiError('OFFLINE')),
];

type Step = { event: { type: string; community?: string; output?: unknown } };

/** What the boxes show: the loaded list, each toggle applied in Seattle, UW, Microsoft order, then the server's word. */
function expectedChoice(steps: readonly Step[]) {
  let chosen: string[] = [];
  let saved: string[] = [];
  for (const { event } of steps) {
    if (isDone('loadCommunities')(event)) chosen = saved = (event.output as string[] | null) ?? [];
    if (event.type === 'TOGGLE') {
      const next = chosen.includes(event.community!) ? chosen.filter((c) => c !== event.community) : [...chosen, event.community!];
      chosen = ['Seattle', 'UW', 'Microsoft'].filter((c) => next.includes(c));
    }
    if (isDone('saveCommunities')(event)) chosen = saved = event.output as string[];
    if (isFailed('saveCommunities')(event)) chosen = saved;
  }
  return { chosen, saved };
}

describe('communities machine (model-based)', () => {
  itCoversTheModel("a member's choice is saved at once; a refusal goes back to what the server kept; a guest is left alone", {
    machine: communitiesMachine,
    limit: 60,
    events,
    states: {
      loading: (view) => {
        expectRanOncePlusOncePer(view, 'loadCommunities', 'RETRY');
        expect(view.context.error).toBeNull();
      },
      guest: ({ env, context }) => {
        expect(env.pending.get('saveCommunities')).toBeUndefined();
        expect(context.chosen).toEqual([]);
      },
      failed: ({ context }) => expect(context.error).toBe(SERVER),
      'ready.idle': ({ context, path, last }) => {
        expect({ chosen: context.chosen, saved: context.saved }).toEqual(expectedChoice(path.steps as Step[]));
        expect(context.notice).toBe(isDone('saveCommunities')(last) ? 'Communities saved.' : null);
        expect(context.error).toBe(isFailed('saveCommunities')(last) ? OFFLINE : null);
      },
      'ready.saving': ({ env, context, path }) => {
        expect(env.pending.get('saveCommunities')?.at(-1)?.input).toEqual({ communities: expectedChoice(path.steps as Step[]).chosen });
        expect(context).toMatchObject({ notice: null, error: null });
      },
    },
  }, { states: 7, guards: 1 });
});
