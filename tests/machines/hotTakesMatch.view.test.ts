import { createActor, fromPromise, type StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import { hotTakesMatchMachine } from '../../src/features/games/machines/hotTakesMatch.machine';
import type { ChatMessage } from '../../src/domain/chat';
import {
  inputEnabled,
  inputHint,
  loadingText,
  selectFinishPoints,
  selectFriendStatus,
  selectLeaveQuestion,
  selectPhase,
  selectResult,
  statusLine,
  type MatchPhase,
} from '../../src/features/games/machines/hotTakesMatch.view';

// What the matched Hot Takes screen shows in each state (docs/product.md), read from snapshots
// placed in that state. Texts are written out as the screen shows them.

const context = createActor(hotTakesMatchMachine, { input: { now: () => 0, random: () => 0 } }).getSnapshot().context;
const at = (game: StateValue, leave = 'staying', profile: StateValue = 'closed') =>
  hotTakesMatchMachine.resolveState({ value: { open: { game, leave, profile } }, context });

describe('matched Hot Takes screen view', () => {
  it.each([
    [{ loading: 'matching' }, 'staying', 'matching'],
    [{ loading: 'prompting' }, 'staying', 'prompting'],
    [{ loading: 'starting' }, 'staying', 'starting'],
    ['noPartner', 'staying', 'failed'],
    ['failed', 'staying', 'failed'],
    [{ userResponse: 'waitingForTake' }, 'staying', 'waitingForTake'],
    [{ userResponse: 'ready' }, 'staying', 'ready'],
    [{ revealing: 'intro' }, 'staying', 'revealing'],
    [{ revealing: 'take' }, 'staying', 'revealing'],
    [{ conversation: 'idle' }, 'staying', 'conversation'],
    [{ conversation: { replying: 'waiting' } }, 'staying', 'conversation'],
    [{ conversation: 'idle' }, 'saving', 'leaving'],
    [{ conversation: 'idle' }, 'recordingWin', 'leaving'],
    [{ conversation: 'idle' }, 'failed', 'saveFailed'],
    [{ userResponse: 'ready' }, 'saving', 'leaving'],
    [{ userResponse: 'ready' }, 'failed', 'saveFailed'],
    [{ conversation: 'idle' }, 'confirming', 'conversation'],
    ['over', 'saving', 'leaving'],
    ['over', 'failed', 'saveFailed'],
  ] as const)('game %j with leave %s shows the %s phase', (game, leave, phase) => {
    expect(selectPhase(at(game, leave))).toBe(phase);
  });

  it('takes text only when the take is due or the debate is on', () => {
    const phases: MatchPhase[] = ['matching', 'prompting', 'starting', 'failed', 'waitingForTake', 'ready', 'revealing', 'conversation', 'leaving', 'saveFailed', 'result'];
    expect(phases.filter(inputEnabled)).toEqual(['ready', 'conversation']);
  });

  it('shows a loading line only while matching, prompting and starting the game', () => {
    expect(loadingText('matching')).toBe('Finding you a debate partner...');
    expect(loadingText('prompting')).toBe('Cooking up a debate topic...');
    expect(loadingText('starting')).toBe('Starting the game...');
    for (const phase of ['failed', 'waitingForTake', 'ready', 'revealing', 'conversation', 'leaving', 'saveFailed'] as const) {
      expect(loadingText(phase)).toBeNull();
    }
  });

  it('writes the status line with the partner name', () => {
    expect(statusLine('waitingForTake', 'RiffLord')).toBe('RiffLord is writing their hot take. Yours is up next...');
    expect(statusLine('ready', 'RiffLord')).toBe("RiffLord's take is locked in. Drop yours below!");
    expect(statusLine('revealing', 'RiffLord')).toBe("Here comes RiffLord's take!");
    expect(statusLine('conversation', 'RiffLord')).toBe('Debate on! Defend your take.');
    expect(statusLine('leaving', 'RiffLord')).toBe('Debate on! Defend your take.');
  });

  it('explains under the input why it is disabled, and says nothing while it takes text', () => {
    expect(inputHint('matching', 'RiffLord')).toBe('You can type once the game has loaded.');
    expect(inputHint('prompting', 'RiffLord')).toBe('You can type once the game has loaded.');
    expect(inputHint('starting', 'RiffLord')).toBe('You can type once the game has loaded.');
    expect(inputHint('failed', 'RiffLord')).toBe('The game could not start. Try again above.');
    expect(inputHint('waitingForTake', 'RiffLord')).toBe("Waiting for RiffLord's hot take...");
    expect(inputHint('revealing', 'RiffLord')).toBe("Revealing RiffLord's take...");
    expect(inputHint('leaving', 'RiffLord')).toBe('Saving your game...');
    expect(inputHint('saveFailed', 'RiffLord')).toBe('The game is over. Try saving again above.');
    expect(inputHint('ready', 'RiffLord')).toBe('');
    expect(inputHint('conversation', 'RiffLord')).toBe('');
    expect(inputHint('result', 'RiffLord')).toBe('The debate is over. Play again for a new one.');
  });

  it.each([
    ['closed', null],
    ['checking', 'checking'],
    [{ open: 'notFriend' }, 'notFriend'],
    [{ open: 'adding' }, 'adding'],
    [{ open: 'friend' }, 'friend'],
  ] as const)('the partner dialog in %j reads %s', (profile, status) => {
    expect(selectFriendStatus(at({ conversation: 'idle' }, 'staying', profile))).toBe(status);
  });
});

const partner = { id: 'user-1', username: 'RiffLord', email: 'riff@example.com', interests: [], personality: 'Loud.', communities: [] };
const chat = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(i + 1), text: `m${i}`, sender: i === 1 ? 'user' : 'other', timestamp: '2026-11-23T12:00:00.000Z', type: 'text' }));
const withChat = (count: number, value: StateValue, extra: object = {}) =>
  hotTakesMatchMachine.resolveState({ value, context: { ...context, partner, messages: chat(count), ...extra } });

describe('how the matched Hot Takes debate ends', () => {
  it('offers End debate only in a won conversation (more than 4 messages) while nothing is being left, with 100 + 10 per message past 4', () => {
    const talk = (count: number, leave = 'staying') => withChat(count, { open: { game: { conversation: 'idle' }, leave, profile: 'closed' } });
    expect(selectFinishPoints(talk(4))).toBeNull();
    expect(selectFinishPoints(talk(5))).toBe(110);
    expect(selectFinishPoints(talk(7))).toBe(130);
    expect(selectFinishPoints(talk(7, 'confirming'))).toBeNull();
    expect(selectFinishPoints(withChat(5, { open: { game: { revealing: 'take' }, leave: 'staying', profile: 'closed' } }))).toBeNull();
  });

  it('says before leaving what leaving counts: a win with its points, only the log, or nothing', () => {
    const asking = (count: number, game: StateValue) => withChat(count, { open: { game, leave: 'confirming', profile: 'closed' } });
    expect(selectLeaveQuestion(asking(6, { conversation: 'idle' }))).toBe(
      'Leaving now ends the debate and records a win: +120 points. The chat is saved in your chat logs.',
    );
    expect(selectLeaveQuestion(asking(4, { conversation: { firstReply: 'waiting' } }))).toBe(
      'Nothing is counted: a debate is won once RiffLord has answered your take. The chat so far is saved in your chat logs.',
    );
    expect(selectLeaveQuestion(asking(3, { revealing: 'take' }))).toBe(
      'Nothing is counted: a debate is won once RiffLord has answered your take. The chat so far is saved in your chat logs.',
    );
    expect(selectLeaveQuestion(asking(2, { userResponse: 'ready' }))).toBe(
      'Nothing is counted or saved: a debate is won once RiffLord has answered your take.',
    );
    expect(selectLeaveQuestion(withChat(6, { open: { game: { conversation: 'idle' }, leave: 'staying', profile: 'closed' } }))).toBeNull();
  });

  it('shows the result with the points the win recorded, and whether it has counted yet', () => {
    expect(selectResult(withChat(6, { open: { game: 'over', leave: 'saving', profile: 'closed' } }))).toBeNull();
    const result = withChat(6, 'result', { award: 120, winCounted: true });
    expect(selectPhase(result)).toBe('result');
    expect(selectResult(result)).toEqual({ points: 120, partner: 'RiffLord', messageCount: 6, counted: true });
    expect(selectResult(withChat(6, 'result', { award: null, winCounted: false }))).toEqual({ points: 120, partner: 'RiffLord', messageCount: 6, counted: false });
  });
});

describe('the partner dialog after the game', () => {
  it('is closed when the result shows, and opens from it', () => {
    expect(selectFriendStatus(hotTakesMatchMachine.resolveState({ value: 'result', context }))).toBeNull();
    const result = (profile: StateValue) => hotTakesMatchMachine.resolveState({ value: { result: { profile } }, context: { ...context, partner } });
    expect(selectFriendStatus(result('checking'))).toBe('checking');
    expect(selectFriendStatus(result({ open: 'notFriend' }))).toBe('notFriend');
    expect(selectFriendStatus(result({ open: 'adding' }))).toBe('adding');
    expect(selectFriendStatus(result({ open: 'friend' }))).toBe('friend');
  });

  it('a press on the avatar on the result opens it', () => {
    const waiting = hotTakesMatchMachine.provide({ actors: { checkFriend: fromPromise<boolean, { userId: string }>(() => new Promise(() => undefined)) } });
    const actor = createActor(waiting, {
      snapshot: hotTakesMatchMachine.resolveState({ value: 'result', context: { ...context, partner } }),
      input: { now: () => 0, random: () => 0 },
    });
    actor.start();
    actor.send({ type: 'OPEN_PROFILE' });
    expect(selectFriendStatus(actor.getSnapshot())).toBe('checking');
    actor.stop();
  });
});
