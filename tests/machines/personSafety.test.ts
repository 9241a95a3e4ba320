import { describe, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { personSafetyMachine, type PersonSafetyContext } from '../../src/features/safety/machines/personSafety.machine';
import { ExplainedError } from '../../src/domain/explainedError';
import { done, eventName, failed, isDone, isFailed, itCoversTheModel, pathEvents, type ReplayEnv } from '../support/modelTest';

const nova = { id: 'm-2', username: 'nova' };
const LONGEST_NOTE = 'n'.repeat(500);
// 'Report message' on one of nova's messages: the dialog quotes it and the report names it by its server id.
const RUDE = { id: '42', sender: 'nova', text: 'You are the worst', sentAt: '2026-11-23T23:00:00.000Z' };
// From the live debate's header: the report names the debate (the server picks nova's latest line).
const DEBATE = { source: 'debate', debateId: 'd-1' };

// The contract's texts, written out.
const BLOCK_SELF = 'You cannot block yourself.';
const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const TOO_OFTEN = 'You are doing that too often. Please wait a while and try again.';

// The real actors reject with the contract's text (tests/machines/safety.actors.test.ts).
const events = [
  { type: 'OPEN_BLOCK', person: nova },
  { type: 'OPEN_REPORT', person: nova },
  { type: 'OPEN_REPORT', person: nova, about: { source: 'message', line: RUDE } },
  { type: 'OPEN_REPORT', person: nova, about: DEBATE },
  { type: 'CONFIRM_BLOCK' },
  { type: 'CANCEL' },
  { type: 'CHOOSE_REASON', reason: 'spam' },
  { type: 'CHOOSE_REASON', reason: 'harassment' },
  { type: 'EDIT_NOTE', note: 'Sends links' },
  { type: 'EDIT_NOTE', note: LONGEST_NOTE },
  // One character past the contract's 500: refused, the note stays as it was.
  { type: 'EDIT_NOTE', note: 'n'.repeat(501) },
  { type: 'SUBMIT_REPORT' },
  done('block'),
  failed('block', new ExplainedError(BLOCK_SELF)),
  failed('block', new ExplainedError(OFFLINE)),
  done('report', 'r-1'),
  failed('report', new ExplainedError(TOO_OFTEN)),
];


type Step = { event: EventObject & Record<string, unknown> };
const eventsOf = (steps: readonly Step[]) => pathEvents({ steps });
const blocked = (steps: readonly Step[]) => eventsOf(steps).some(isDone('block'));

function errorTextOf(event: EventObject & Record<string, unknown>): string {
  return (event.error as ExplainedError).message;
}

/** Whatever happened, only nova was ever blocked, and once blocked she stays in the hidden list. */
function expectBlockedList(env: ReplayEnv, context: PersonSafetyContext, steps: readonly Step[]) {
  for (const call of env.pending.get('block') ?? []) expect(call.input).toEqual({ userId: 'm-2' });
  expect(context.blockedIds).toEqual(blocked(steps) ? ['m-2'] : []);
}

/** The report as drafted since the dialog last opened. */
function draftOf(steps: readonly Step[]) {
  const all = eventsOf(steps);
  const since = all.slice(all.findLastIndex((e) => e.type === 'OPEN_REPORT') + 1);
  const reason = since.findLast((e) => e.type === 'CHOOSE_REASON')?.reason ?? null;
  const notes = since.filter((e) => e.type === 'EDIT_NOTE' && (e.note as string).length <= 500);
  return { reason, note: (notes.at(-1)?.note as string | undefined) ?? '' };
}

/** What the open report is about, from the event that opened it, and the fields the report then sends. */
function aboutOf(steps: readonly Step[]) {
  const opened = eventsOf(steps).findLast((e) => e.type === 'OPEN_REPORT');
  const about = (opened?.about as { source: string } | undefined) ?? null;
  if (about === null) return { about, sent: {} };
  return { about, sent: about.source === 'message' ? { source: 'message', messageId: '42' } : { source: 'debate', debateId: 'd-1' } };
}

describe('person safety machine (model-based)', () => {
  itCoversTheModel('blocks only after a confirmation, reports only with a reason, and says why either failed', {
    machine: personSafetyMachine,
    limit: 400,
    events,
    provide: (env) => ({
      actions: {
        peopleChanged: () => env.record('peopleChanged'),
        personBlocked: (_: unknown, params: { userId: string }) => env.record('personBlocked', params.userId),
      },
    }),
    states: {
      idle: ({ env, context, path, snapshot }) => {
        expectBlockedList(env, context, path.steps);
        // The place's own step (a chat leaves) comes once the confirmation is closed, once per block.
        const closedAfterBlock = eventsOf(path.steps).filter((e, i, all) => e.type === 'CANCEL' && isDone('block')(all[i - 1])).length;
        expect(env.effects.filter((e) => e.type === 'personBlocked')).toEqual(Array(closedAfterBlock).fill({ type: 'personBlocked', payload: 'm-2' }));
        expect(context).toMatchObject({ person: null, about: null, reason: null, note: '', error: null });
        // Said since the block, until another dialog opens (a report of her, since Block is not offered again).
        const all = eventsOf(path.steps);
        const reportedSinceBlock = all.slice(all.findLastIndex(isDone('block')) + 1).some((e) => e.type === 'OPEN_REPORT');
        expect(context.notice).toBe(blocked(path.steps) && !reportedSinceBlock ? 'You blocked nova.' : null);
        // No dead menu item: Report always opens, even for someone blocked (a chat can still show her); Block only once.
        expect(snapshot.can({ type: 'OPEN_REPORT', person: nova })).toBe(true);
        expect(snapshot.can({ type: 'OPEN_BLOCK', person: nova })).toBe(!blocked(path.steps));
      },
      confirmingBlock: ({ env, context, path, last }) => {
        expectBlockedList(env, context, path.steps);
        expect(context.person).toEqual(nova);
        expect(context.error).toBe(last && isFailed('block')(last) ? errorTextOf(last) : null);
      },
      // Blocked: the person is hidden at once and the open dialog says what happened, until Done (CANCEL).
      blocked: ({ env, context, path, last }) => {
        expectBlockedList(env, context, path.steps);
        expect(eventName(last)).toBe('done block');
        expect(context.person).toEqual(nova);
        expect(context.notice).toBe('You blocked nova.');
        expect(env.effects.filter((e) => e.type === 'peopleChanged')).toHaveLength(eventsOf(path.steps).filter(isDone('block')).length);
      },
      blocking: ({ env, context, path }) => {
        expectBlockedList(env, context, path.steps);
        expect(env.pending.get('block')).toHaveLength(eventsOf(path.steps).filter((e) => e.type === 'CONFIRM_BLOCK').length);
        expect(context.error).toBeNull();
      },
      'reporting.editing': ({ context, path }) => {
        expect(context.person).toEqual(nova);
        expect(context.about).toEqual(aboutOf(path.steps).about);
        expect({ reason: context.reason, note: context.note }).toEqual(draftOf(path.steps));
        const all = eventsOf(path.steps);
        const lastDecisive = all.findLast((e) => ['failed report', 'CHOOSE_REASON', 'OPEN_REPORT'].includes(eventName(e)!));
        expect(context.error).toBe(isFailed('report')(lastDecisive) ? TOO_OFTEN : null);
      },
      'reporting.sending': ({ env, context, path }) => {
        const draft = draftOf(path.steps);
        expect(draft.reason).not.toBeNull();
        expect(env.pending.get('report')?.at(-1)?.input).toEqual({ userId: 'm-2', ...draft, ...aboutOf(path.steps).sent });
        expect(context.error).toBeNull();
      },
      'reporting.sent': ({ env, path }) => {
        expect(env.pending.get('report')?.at(-1)?.input).toEqual({ userId: 'm-2', ...draftOf(path.steps), ...aboutOf(path.steps).sent });
      },
    },
  }, { states: 9, transitions: 14, guards: 3 });
});
