import { describe, expect } from 'vitest';
import { adminConsoleMachine } from '../../src/features/admin/machines/adminConsole.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, itCoversTheModel, type ModelPath, type StateView } from '../support/modelTest';

// The operators' console: it loads reports and log; a 404 (anyone but an operator) leaves for not-found;
// every action asks for a reason ('Please give a reason.' when blank), sends it trimmed with the length
// chosen, says what was done from the server's log entry, and loads the lists again. Texts are literals
// from docs/product.md and adminContract.ts.

const report = {
  id: 'r-1',
  createdAt: '2026-03-01T12:00:00.000Z',
  source: 'profile',
  reason: 'harassment',
  note: '',
  reporter: 'Alice',
  reported: { id: 'm-bob', username: 'Bob', memberSince: '2026-02-01T12:00:00.000Z', suspension: null },
  evidence: [],
  earlier: { count: 0, recent: [] },
};
const FIRST = { reports: [report], log: [], now: '2026-03-01T12:05:00.000Z' };
const entry = { id: 'l-1', at: '2026-03-01T12:06:00.000Z', operator: 'Olga', action: 'suspend', target: 'Bob', length: '7d', reason: 'Threats' };
const AFTER = { reports: [], log: [entry], now: '2026-03-01T12:06:00.000Z' };

const hidden = new MemberApiError('NOT_FOUND', { status: 404 });
const offline = new MemberApiError('OFFLINE');
const already = new MemberApiError('ALREADY_SUSPENDED', { status: 409 });

const events = [
  done('loadConsole', FIRST),
  failed('loadConsole', hidden),
  failed('loadConsole', offline),
  { type: 'RETRY' },
  { type: 'OPEN_ACTION', action: 'suspend', reportId: 'r-1', memberId: 'm-bob', target: 'Bob' },
  { type: 'OPEN_ACTION', action: 'dismiss', reportId: 'r-1', memberId: 'm-bob', target: 'Bob' },
  { type: 'CHANGE_REASON', value: ' Threats ' },
  { type: 'CHANGE_REASON', value: '   ' },
  { type: 'CHANGE_LENGTH', length: '7d' },
  { type: 'SUBMIT' },
  { type: 'CANCEL' },
  done('act', entry),
  failed('act', already),
  failed('act', hidden),
  done('reloadConsole', AFTER),
  failed('reloadConsole', offline),
  failed('reloadConsole', hidden),
];

type Step = { type: string; action?: string; reportId?: string; memberId?: string; target?: string; value?: string; length?: string; error?: MemberApiError; output?: unknown };

type Form = { action?: string; reportId?: string; memberId?: string; target?: string; length?: string; reason: string };
const changed = (form: Form, change: Partial<Form>): Form => Object.assign({}, form, change);

/** What the console should hold after the path, replayed by the contract's rules (not the machine's). */
function expectedAfter(path: ModelPath<typeof adminConsoleMachine>) {
  let data: unknown = null;
  let form: Form | null = null;
  let error: string | null = null;
  let notice: string | null = null;
  let state = 'loading';
  const sent: unknown[] = [];
  for (const { event } of path.steps) {
    const e = event as Step;
    if (isDone('loadConsole')(e)) [data, error, state] = [e.output, null, 'browsing'];
    else if (isFailed('loadConsole')(e)) [state, error] = e.error?.status === 404 ? ['notFound', error] : ['failed', 'The console could not be loaded.'];
    else if (e.type === 'RETRY' && state === 'failed') state = 'loading';
    else if (e.type === 'OPEN_ACTION' && state === 'browsing') {
      [form, error, notice, state] = [{ action: e.action, reportId: e.reportId, memberId: e.memberId, target: e.target, length: '1d', reason: '' }, null, null, 'composing'];
    } else if (e.type === 'CHANGE_REASON' && state === 'composing' && form) {
      form = changed(form, { reason: e.value ?? '' });
      error = null;
    } else if (e.type === 'CHANGE_LENGTH' && state === 'composing' && form) form = changed(form, { length: e.length });
    else if (e.type === 'CANCEL' && state === 'composing') [form, error, state] = [null, null, 'browsing'];
    else if (e.type === 'SUBMIT' && state === 'composing' && form) {
      if (form.reason.trim() === '') error = 'Please give a reason.';
      else {
        state = 'acting';
        sent.push({ ...form, reason: form.reason.trim() });
      }
    } else if (isDone('act')(e)) [form, error, notice, state] = [null, null, 'Suspended Bob for 7 days.', 'refreshing'];
    else if (isFailed('act')(e)) {
      if (e.error?.status === 404) state = 'notFound';
      else [error, state] = ['That member is already suspended. Lift the suspension first.', 'composing'];
    } else if (isDone('reloadConsole')(e)) [data, state] = [e.output, 'browsing'];
    else if (isFailed('reloadConsole')(e)) state = e.error?.status === 404 ? 'notFound' : 'browsing';
  }
  return { context: { data, form, error, notice }, sent };
}

function observed({ context, env, path }: StateView<typeof adminConsoleMachine>) {
  const expected = expectedAfter(path);
  expect(context).toEqual(expected.context);
  expect((env.pending.get('act') ?? []).map((call) => call.input)).toEqual(expected.sent);
}

describe('admin console machine (model-based)', () => {
  itCoversTheModel('loads, hides itself from non-operators, asks a reason for every action and says what was done', {
    machine: adminConsoleMachine,
    events,
    limit: 2_000,
    states: {
      loading: (view) => observed(view),
      failed: (view) => {
        expect(view.context.error).toBe('The console could not be loaded.');
        observed(view);
      },
      notFound: (view) => observed(view),
      'ready.browsing': (view) => observed(view),
      'ready.composing': (view) => {
        expect(view.context.form).not.toBeNull();
        observed(view);
      },
      'ready.acting': (view) => {
        // Sent trimmed: the reason as typed was ' Threats '.
        expect(view.env.pending.get('act')?.at(-1)?.input).toMatchObject({ reason: 'Threats' });
        observed(view);
      },
      'ready.refreshing': (view) => {
        expect(view.context.notice).toBe('Suspended Bob for 7 days.');
        observed(view);
      },
    },
  }, { paths: expect.toSatisfy((paths: number) => paths > 20) });
});
