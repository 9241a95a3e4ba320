import { createActor, type StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectReplying, selectSaveError, selectSaving } from '../../src/features/chat/machines/chatPipeline';
import { selectSentCount, selectSoloInput, selectSoloStep, soloChatMachine } from '../../src/features/games/machines/soloChat.machine';
import type { ChatMessage } from '../../src/domain/chat';

// What the solo Hot Takes screen shows in each state (docs/product.md), read from snapshots
// placed in that state: the next step under the counter, the input's hint, the message counter.

const context = createActor(soloChatMachine, { input: { now: () => 0, random: () => 0 } }).getSnapshot().context;
const at = (flow: StateValue, leave = 'staying') =>
  soloChatMachine.resolveState({ value: { open: { flow, leave } }, context });

describe('solo Hot Takes screen view', () => {
  it.each([
    ['awaitingTake', 'Share your hottest take to get a verdict.'],
    ['judging', 'Share your hottest take to get a verdict.'],
    ['awaitingContinue', "Type /continue to reveal another player's take."],
    ['revealing', "Type /continue to reveal another player's take."],
    [{ chatting: 'idle' }, 'Keep the debate going as long as you like. Solo games are not scored; Back saves the chat to your logs.'],
    [{ chatting: { replying: 'waiting' } }, 'Keep the debate going as long as you like. Solo games are not scored; Back saves the chat to your logs.'],
  ] as const)('in %j the next step reads %s', (flow, step) => {
    expect(selectSoloStep(at(flow))).toBe(step);
  });

  it.each([
    ['awaitingTake', 'staying', { enabled: true, hint: '' }],
    ['awaitingContinue', 'staying', { enabled: true, hint: '' }],
    [{ chatting: 'idle' }, 'staying', { enabled: true, hint: '' }],
    ['judging', 'staying', { enabled: false, hint: 'The judges are weighing your take...' }],
    ['revealing', 'staying', { enabled: false, hint: "Revealing another player's take..." }],
    [{ chatting: 'idle' }, 'saving', { enabled: false, hint: 'Saving your session...' }],
    ['judging', 'saving', { enabled: false, hint: 'Saving your session...' }],
    [{ chatting: 'idle' }, 'failed', { enabled: false, hint: 'Your session was not saved yet.' }],
    ['revealing', 'failed', { enabled: false, hint: 'Your session was not saved yet.' }],
  ] as const)('in %j while %s the input is %j', (flow, leave, input) => {
    expect(selectSoloInput(at(flow, leave))).toEqual(input);
  });

  it("counts the user's messages, texts and emojis alike, and nobody else's", () => {
    const message = (id: string, sender: string, type: 'text' | 'emoji' = 'text'): ChatMessage => ({ id, text: id, sender, timestamp: '', type });
    const messages = [message('1', 'other'), message('2', 'user'), message('3', 'system'), message('4', 'user', 'emoji'), message('5', 'RiffLord')];
    expect(selectSentCount(soloChatMachine.resolveState({ value: { open: { flow: 'awaitingTake', leave: 'staying' } }, context: { ...context, messages } }))).toBe(2);
    expect(selectSentCount(at('awaitingTake'))).toBe(0);
  });

  it.each([
    ['awaitingTake', false],
    ['judging', true],
    ['awaitingContinue', false],
    ['revealing', true],
    [{ chatting: 'idle' }, false],
    [{ chatting: { replying: 'waiting' } }, true],
  ] as const)('in %j the typing line shows: %s', (flow, replying) => {
    expect(selectReplying(at(flow))).toBe(replying);
  });

  it('says it is saving only while the session is saved, and shows the save error only once the save failed', () => {
    const full = 'Your browser storage is full.';
    const withError = (leave: string) => soloChatMachine.resolveState({ value: { open: { flow: 'awaitingTake', leave } }, context: { ...context, saveError: full } });
    expect([selectSaving(at('awaitingTake', 'saving')), selectSaving(at('awaitingTake')), selectSaving(at('awaitingTake', 'failed'))]).toEqual([true, false, false]);
    expect(selectSaveError(withError('failed'))).toBe(full);
    expect(selectSaveError(withError('staying'))).toBeNull();
    expect(selectSaveError(withError('saving'))).toBeNull();
  });
});
