import { assign, setup } from 'xstate';
import { memberErrorTexts } from '../../../domain/memberContract';
import { messages } from '../../../domain/messages';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportCreate } from '../../../domain/socialContract';
import { notProvided } from '../../../shared/machines/notProvided';
import { messageFor } from '../../../domain/errorText';
import { reportTarget, type ReportAbout } from '../../../domain/reportEvidence';

// Blocking and reporting another member, wherever that member is shown: a discover card's menu,
// a profile dialog, a chat header. One actor per screen handles one person at a time; the people it blocked
// stay listed so the screen stops showing them at once.

export type ReportReason = (typeof REPORT_REASONS)[number];

export interface SafetyPerson {
  id: string;
  username: string;
}

export interface PersonSafetyContext {
  person: SafetyPerson | null;
  /** What the open report is about beyond the person: a message (quoted in the dialog), a request row, a debate. */
  about: ReportAbout | null;
  reason: ReportReason | null;
  note: string;
  /** The failure shown in the open dialog (socialErrorTexts' text). */
  error: string | null;
  /** Said once a block went through ('You blocked nova.'). */
  notice: string | null;
  /** Everyone blocked from this screen, hidden from it from then on. */
  blockedIds: string[];
}

export type PersonSafetyEvent =
  | { type: 'OPEN_BLOCK'; person: SafetyPerson }
  | { type: 'OPEN_REPORT'; person: SafetyPerson; about?: ReportAbout }
  | { type: 'CONFIRM_BLOCK' }
  | { type: 'CHOOSE_REASON'; reason: ReportReason }
  | { type: 'EDIT_NOTE'; note: string }
  | { type: 'SUBMIT_REPORT' }
  | { type: 'CANCEL' };

const closed = { person: null, about: null, reason: null, note: '', error: null } as const;

export const personSafetyMachine = setup({
  types: {} as { context: PersonSafetyContext; events: PersonSafetyEvent },
  actors: {
    block: notProvided<unknown, { userId: string }>('block'),
    report: notProvided<string, ReportCreate>('report'),
  },
  guards: {
    /** Blocked once is enough; reporting stays open for someone already blocked (a chat can still show them). */
    notBlocked: ({ context, event }) => event.type === 'OPEN_BLOCK' && !context.blockedIds.includes(event.person.id),
    noteFits: ({ event }) => event.type === 'EDIT_NOTE' && event.note.length <= REPORT_NOTE_MAX_LENGTH,
    hasReason: ({ context }) => context.reason !== null,
  },
  actions: {
    personBlocked: (_, _params: { userId: string }) => {
      // Provided by the screen when blocking must do more than hide the person (a chat leaves, after Done).
    },
    peopleChanged: () => {
      // Provided by the scope: the friend requests and their counts are asked again (a blocked person's request is gone).
    },
  },
}).createMachine({
  id: 'personSafety',
  context: { ...closed, notice: null, blockedIds: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN_BLOCK: {
          guard: 'notBlocked',
          target: 'confirmingBlock',
          actions: assign({ ...closed, person: ({ event }) => event.person, notice: null }),
        },
        OPEN_REPORT: {
          target: 'reporting',
          actions: assign({ ...closed, person: ({ event }) => event.person, about: ({ event }) => event.about ?? null, notice: null }),
        },
      },
    },
    confirmingBlock: {
      on: {
        CONFIRM_BLOCK: { target: 'blocking', actions: assign({ error: null }) },
        CANCEL: { target: 'idle', actions: assign(closed) },
      },
    },
    blocking: {
      invoke: {
        id: 'block',
        src: 'block',
        input: ({ context }) => ({ userId: context.person!.id }),
        // The person leaves the screen at once; what happened is said in the open dialog until Done.
        onDone: {
          target: 'blocked',
          actions: [
            'peopleChanged',
            assign(({ context }) => ({
              notice: messages.safety.blocked(context.person!.username),
              blockedIds: [...context.blockedIds, context.person!.id],
            })),
          ],
        },
        onError: { target: 'confirmingBlock', actions: assign({ error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
      },
    },
    blocked: {
      on: {
        CANCEL: {
          target: 'idle',
          actions: [{ type: 'personBlocked', params: ({ context }) => ({ userId: context.person!.id }) }, assign(closed)],
        },
      },
    },
    reporting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CHOOSE_REASON: { actions: assign({ reason: ({ event }) => event.reason, error: null }) },
            EDIT_NOTE: { guard: 'noteFits', actions: assign({ note: ({ event }) => event.note }) },
            SUBMIT_REPORT: { guard: 'hasReason', target: 'sending', actions: assign({ error: null }) },
            CANCEL: { target: '#personSafety.idle', actions: assign(closed) },
          },
        },
        sending: {
          invoke: {
            id: 'report',
            src: 'report',
            input: ({ context }) => ({ userId: context.person!.id, reason: context.reason!, note: context.note, ...reportTarget(context.about) }),
            onDone: 'sent',
            onError: { target: 'editing', actions: assign({ error: ({ event }) => messageFor(event.error, memberErrorTexts.SERVER) }) },
          },
        },
        sent: {
          on: { CANCEL: { target: '#personSafety.idle', actions: assign(closed) } },
        },
      },
    },
  },
});
