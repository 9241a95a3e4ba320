import { createActor, type StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import { hotTakesMatchMachine } from '../../src/machines/hotTakesMatch.machine';
import { inputEnabled, inputHint, loadingText, selectFriendStatus, selectPhase, statusLine, type MatchPhase } from '../../src/machines/hotTakesMatch.view';

// What the matched Hot Takes screen shows in each state (docs/product.md section 4), read from snapshots
// placed in that state. Texts are written out as the screen shows them.

const context = createActor(hotTakesMatchMachine, { input: undefined }).getSnapshot().context;
const at = (game: StateValue, leave = 'staying', profile: StateValue = 'closed') =>
  hotTakesMatchMachine.resolveState({ value: { open: { game, leave, profile } }, context });

describe('matched Hot Takes screen view', () => {
  it.each([
    [{ loading: 'matching' }, 'staying', 'matching'],
    [{ loading: 'prompting' }, 'staying', 'prompting'],
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
  ] as const)('game %j with leave %s shows the %s phase', (game, leave, phase) => {
    expect(selectPhase(at(game, leave))).toBe(phase);
  });

  it('takes text only when the take is due or the debate is on', () => {
    const phases: MatchPhase[] = ['matching', 'prompting', 'failed', 'waitingForTake', 'ready', 'revealing', 'conversation', 'leaving', 'saveFailed'];
    expect(phases.filter(inputEnabled)).toEqual(['ready', 'conversation']);
  });

  it('shows a loading line only while matching and prompting', () => {
    expect(loadingText('matching')).toBe('Finding you a debate partner...');
    expect(loadingText('prompting')).toBe('Cooking up a debate topic...');
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
    expect(inputHint('failed', 'RiffLord')).toBe('The game could not start. Try again above.');
    expect(inputHint('waitingForTake', 'RiffLord')).toBe("Waiting for RiffLord's hot take...");
    expect(inputHint('revealing', 'RiffLord')).toBe("Revealing RiffLord's take...");
    expect(inputHint('leaving', 'RiffLord')).toBe('Saving your game...');
    expect(inputHint('saveFailed', 'RiffLord')).toBe('The game is over. Try saving again above.');
    expect(inputHint('ready', 'RiffLord')).toBe('');
    expect(inputHint('conversation', 'RiffLord')).toBe('');
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
