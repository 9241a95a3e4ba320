import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import type { DebateView } from '../../src/domain/liveContract';
import type { ChatMessage } from '../../src/domain/chat';
import { liveDebateMachine } from '../../src/features/games/machines/liveDebate.machine';
import {
  debateChatMessages,
  debateEmojisEnabled,
  debateInputEnabled,
  debateInputHint,
  debateResultCard,
  debateStatusLine,
  selectDebatePhase,
  type DebatePhase,
} from '../../src/features/games/machines/liveDebate.view';
import { debateJustMatched } from '../support/liveDebateState';

// What the live Hot Takes debate screen shows in each state (docs/product.md and the live
// debate contract), read from snapshots placed in that state or from the view's inputs. Texts are
// written out as the screen shows them.

const ALICE = { id: 'm-alice', username: 'Alice' };
const ME = 'm-me';
const WELCOME = 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥';
const EPOCH = '1970-01-01T00:00:00.000Z';
const PHASES: DebatePhase[] = ['searching', 'writing', 'waiting', 'revealIntro', 'revealTake', 'talking', 'ended', 'aiOpponent'];

function debate(fields: Partial<DebateView> = {}): DebateView {
  return debateJustMatched({ debateId: 'd-1', prompt: 'Topic: Tabs\nTabs beat spaces. Agree or disagree?', opponent: ALICE, ...fields });
}

const at = (value: StateValue) =>
  liveDebateMachine.resolveState({
    value,
    context: { instanceId: 'tab-1', sent: 0, debate: null, sentTake: null, pending: [], leftByMe: false, finishedByMe: false, leaveAsked: false },
  });

/** The chat as [id, text, sender] rows, the welcome included. */
/** Mine on its way, as the debate holds it: a chat line whose id is its client id. */
const onItsWay = (clientId: string, text: string): ChatMessage => ({ id: clientId, text, sender: 'user', timestamp: EPOCH, type: 'text' });

function rows(fields: Partial<DebateView> | null, phase: DebatePhase, sentTake: string | null = null, pending: ChatMessage[] = []) {
  return debateChatMessages({ debate: fields === null ? null : debate(fields), sentTake, pending, phase }).map((m) => [m.id, m.text, m.sender]);
}

describe('live debate screen view', () => {
  it.each([
    ['searching', 'searching'],
    ['left', 'searching'],
    [{ aiOpponent: 'lateMatches' }, 'aiOpponent'],
    [{ aiOpponent: 'settled' }, 'aiOpponent'],
    [{ matched: 'writing' }, 'writing'],
    [{ matched: 'waiting' }, 'waiting'],
    [{ matched: { revealing: 'intro' } }, 'revealIntro'],
    [{ matched: { revealing: 'take' } }, 'revealTake'],
    [{ matched: 'talking' }, 'talking'],
    [{ matched: 'ended' }, 'ended'],
    ['savingLog', 'ended'],
  ] as const)('state %j shows the %s phase', (value, phase) => {
    expect(selectDebatePhase(at(value))).toBe(phase);
  });

  it('takes text only while the take is due or the debate is on', () => {
    expect(PHASES.filter(debateInputEnabled)).toEqual(['writing', 'talking']);
  });

  it('offers the quick emojis only once the debate is on: the server stores no message before both takes are in', () => {
    expect(PHASES.filter(debateEmojisEnabled)).toEqual(['talking']);
  });

  it('explains under the input why it is disabled, and says nothing while it takes text', () => {
    expect(PHASES.map((phase) => [phase, debateInputHint(phase, 'Alice')])).toEqual([
      ['searching', 'You can type once you have a debate partner.'],
      ['writing', ''],
      ['waiting', "Waiting for Alice's hot take..."],
      ['revealIntro', "Revealing Alice's take..."],
      ['revealTake', "Revealing Alice's take..."],
      ['talking', ''],
      ['ended', 'This debate is over.'],
      ['aiOpponent', ''],
    ]);
  });

  it('writes the prompt card status line with the partner name', () => {
    expect(PHASES.map((phase) => [phase, debateStatusLine(phase, 'Alice')])).toEqual([
      ['searching', 'Debate on! Defend your take.'],
      ['writing', 'Write your hot take. It stays hidden until you have both written one.'],
      ['waiting', "Waiting for Alice's hot take..."],
      ['revealIntro', "Revealing Alice's take..."],
      ['revealTake', "Revealing Alice's take..."],
      ['talking', 'Debate on! Defend your take.'],
      ['ended', 'Debate on! Defend your take.'],
      ['aiOpponent', 'Debate on! Defend your take.'],
    ]);
  });
});

describe('live debate chat', () => {
  const revealed = { yourTake: 'Tabs forever', opponentTake: 'Spaces rule' };
  const argued = {
    ...revealed,
    messages: [
      { id: 'x1', clientId: 'c-her', from: ALICE.id, text: 'Spaces align', sentAt: '2026-03-01T12:00:01.000Z' },
      { id: 'x2', clientId: 'c-me', from: ME, text: 'Tabs indent', sentAt: '2026-03-01T12:00:02.000Z' },
    ],
  };

  it('starts with the Hot Takes welcome and shows only that before a match', () => {
    const chat = debateChatMessages({ debate: null, sentTake: null, pending: [], phase: 'searching' });
    expect(chat).toEqual([{ id: '1', text: WELCOME, sender: 'other', timestamp: EPOCH, type: 'text' }]);
  });

  it('shows my take as soon as I send it, before the server stores it', () => {
    expect(rows({}, 'writing')).toEqual([['1', WELCOME, 'other']]);
    expect(rows({}, 'waiting', 'Tabs forever')).toEqual([['1', WELCOME, 'other'], ['take-you', 'Tabs forever', 'user']]);
  });

  it('prefers the stored take, stamped as a plain text line', () => {
    const chat = debateChatMessages({ debate: debate({ yourTake: 'Stored take' }), sentTake: 'Sent take', pending: [], phase: 'waiting' });
    expect(chat[1]).toEqual({ id: 'take-you', text: 'Stored take', sender: 'user', timestamp: EPOCH, type: 'text' });
  });

  it.each([
    ['writing', [['take-you', 'Tabs forever', 'user']]],
    ['waiting', [['take-you', 'Tabs forever', 'user']]],
    ['revealIntro', [['take-you', 'Tabs forever', 'user']]],
    ['revealTake', [['take-you', 'Tabs forever', 'user'], ['reveal', "Great! Here's what Alice said about this:", 'system']]],
    [
      'talking',
      [
        ['take-you', 'Tabs forever', 'user'],
        ['reveal', "Great! Here's what Alice said about this:", 'system'],
        ['take-opponent', 'Spaces rule', 'opponent'],
      ],
    ],
  ] as const)('reveals the other take step by step: in %s', (phase, expected) => {
    expect(rows(revealed, phase)).toEqual([['1', WELCOME, 'other'], ...expected]);
  });

  it('shows no reveal while the other take is still hidden, even once the debate has ended', () => {
    expect(rows({ yourTake: 'Tabs forever' }, 'ended')).toEqual([['1', WELCOME, 'other'], ['take-you', 'Tabs forever', 'user']]);
  });

  it.each(['talking', 'ended'] as const)('in %s shows the argument with its senders, then my messages still on their way', (phase) => {
    const chat = debateChatMessages({ debate: debate(argued), sentTake: null, pending: [onItsWay('c-9', 'On its way')], phase });
    expect(chat.slice(4).map((m) => [m.id, m.text, m.sender, m.timestamp])).toEqual([
      ['m-x1', 'Spaces align', 'opponent', '2026-03-01T12:00:01.000Z'],
      ['m-x2', 'Tabs indent', 'user', '2026-03-01T12:00:02.000Z'],
      ['c-9', 'On its way', 'user', EPOCH],
    ]);
  });

  it('keeps the argument out of the chat while the takes are being revealed', () => {
    expect(rows(argued, 'revealTake', null, [onItsWay('c-9', 'On its way')])).toHaveLength(3);
  });
});

describe('live debate result card', () => {
  const heading = 'The debate has ended.';

  it('says nothing about a debate that never started', () => {
    expect(debateResultCard(null, false)).toEqual({ heading, reason: null, outcome: null, won: false, messages: null });
    expect(debateResultCard(null, true)).toEqual({ heading, reason: 'You left the debate.', outcome: null, won: false, messages: null });
  });

  it('names the partner who left, and counts my win', () => {
    const card = debateResultCard(debate({ phase: 'ended', opponentTake: 'Spaces rule', endedBy: ALICE.id, result: { won: true, points: 110, messageCount: 5 } }), false);
    expect(card).toEqual({ heading, reason: 'Alice left the debate.', outcome: 'You won! +110 points', won: true, messages: '5 messages' });
  });

  it('says I left when the end was mine, even from another tab', () => {
    const card = debateResultCard(debate({ phase: 'ended', opponentTake: 'Spaces rule', endedBy: ME, result: { won: false, points: 0, messageCount: 1 } }), false);
    expect(card).toEqual({ heading, reason: 'You left the debate.', outcome: 'No win this time: a debate needs more than 4 messages.', won: false, messages: '1 message' });
  });

  it('does not count a debate that ended before both takes were in', () => {
    const card = debateResultCard(debate({ phase: 'ended', endedBy: ALICE.id, result: { won: false, points: 0, messageCount: 0 } }), false);
    expect(card).toEqual({ heading, reason: 'Alice left the debate.', outcome: 'The debate ended before both takes were in, so it does not count.', won: false, messages: '0 messages' });
  });

  it('gives no reason when both stayed, and no outcome before the result arrives', () => {
    expect(debateResultCard(debate({ phase: 'ended', opponentTake: 'Spaces rule' }), false)).toEqual({ heading, reason: null, outcome: null, won: false, messages: null });
  });
});
