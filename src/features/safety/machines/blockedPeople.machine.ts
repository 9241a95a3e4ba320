import { assertEvent, assign, setup } from 'xstate';
import { memberErrorTexts } from '../../../domain/memberContract';
import { messages } from '../../../domain/messages';
import type { BlockedPerson } from '../../../domain/socialContract';
import { notProvided } from '../../../shared/machines/notProvided';
import { messageFor } from '../../../domain/errorText';

// Settings' 'Blocked people' (members only): the list from GET /api/blocks, and Unblock for each.

export interface BlockedPeopleContext {
  people: BlockedPerson[];
  /** The person whose Unblock is on its way. */
  pendingId: string | null;
  notice: string | null;
  error: string | null;
}

type BlockedPeopleEvent = { type: 'UNBLOCK'; userId: string } | { type: 'RETRY' };

export const blockedPeopleMachine = setup({
  types: {} as { context: BlockedPeopleContext; events: BlockedPeopleEvent },
  actors: {
    loadBlocked: notProvided<BlockedPerson[]>('loadBlocked'),
    unblock: notProvided<unknown, { userId: string }>('unblock'),
  },
  guards: {
    isListed: ({ context, event }) => {
      assertEvent(event, 'UNBLOCK');
      return context.people.some((p) => p.id === event.userId);
    },
  },
}).createMachine({
  id: 'blockedPeople',
  context: { people: [], pendingId: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadBlocked',
        src: 'loadBlocked',
        onDone: { target: 'ready', actions: assign({ people: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            UNBLOCK: {
              guard: 'isListed',
              target: 'unblocking',
              actions: assign({ pendingId: ({ event }) => event.userId, notice: null, error: null }),
            },
          },
        },
        unblocking: {
          invoke: {
            id: 'unblock',
            src: 'unblock',
            input: ({ context }) => ({ userId: context.pendingId! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({
                people: context.people.filter((p) => p.id !== context.pendingId),
                notice: messages.safety.unblocked(context.people.find((p) => p.id === context.pendingId)?.username ?? ''),
                pendingId: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign({ pendingId: null, error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }),
            },
          },
        },
      },
    },
  },
});
