import type { SnapshotFrom } from 'xstate';
import { shouldSaveLog } from '../../../domain/chat';
import { gameAward, isWinningGame } from '../../../domain/gameAward';
import { messages as texts } from '../../../domain/messages';
import type { hotTakesMatchMachine } from './hotTakesMatch.machine';

// What the matched Hot Takes screen shows for each state of its machine: the phase, the prompt card's
// status line, whether the input takes text and the hint under it. The screen only renders these.

type MatchSnapshot = SnapshotFrom<typeof hotTakesMatchMachine>;

export type MatchPhase =
  | 'matching'
  | 'prompting'
  | 'starting'
  | 'failed'
  | 'waitingForTake'
  | 'ready'
  | 'revealing'
  | 'conversation'
  | 'leaving'
  | 'saveFailed'
  | 'result';

export type FriendStatus = 'checking' | 'notFriend' | 'adding' | 'friend';

/** Leaving wins over the game's own phase: once BACK starts a save, the screen shows the save. */
export function selectPhase(s: MatchSnapshot): MatchPhase {
  if (s.matches('result')) return 'result';
  if (s.hasTag('saveFailed')) return 'saveFailed';
  if (s.hasTag('saving')) return 'leaving';
  if (s.matches({ open: { game: { loading: 'matching' } } })) return 'matching';
  if (s.matches({ open: { game: { loading: 'prompting' } } })) return 'prompting';
  // The partner and prompt are known but the game is not started yet: nothing can be sent before it is.
  if (s.matches({ open: { game: { loading: 'starting' } } })) return 'starting';
  if (s.matches({ open: { game: 'noPartner' } }) || s.matches({ open: { game: 'failed' } })) return 'failed';
  if (s.matches({ open: { game: { userResponse: 'waitingForTake' } } })) return 'waitingForTake';
  if (s.matches({ open: { game: { userResponse: 'ready' } } })) return 'ready';
  if (s.matches({ open: { game: 'revealing' } })) return 'revealing';
  return 'conversation';
}

/** docs/product.md section 4: input is disabled during loading and revealing (and here while the take is written or the game saved). */
export function inputEnabled(phase: MatchPhase): boolean {
  return phase === 'ready' || phase === 'conversation';
}

export function loadingText(phase: MatchPhase): string | null {
  if (phase === 'matching') return 'Finding you a debate partner...';
  if (phase === 'prompting') return 'Cooking up a debate topic...';
  if (phase === 'starting') return 'Starting the game...';
  return null;
}

/** The prompt card's line under the debate topic. */
export function statusLine(phase: MatchPhase, name: string): string {
  if (phase === 'waitingForTake') return `${name} is writing their hot take. Yours is up next...`;
  if (phase === 'ready') return `${name}'s take is locked in. Drop yours below!`;
  if (phase === 'revealing') return `Here comes ${name}'s take!`;
  return 'Debate on! Defend your take.';
}

/** Why the input is disabled, shown under it; empty while it takes text. */
export function inputHint(phase: MatchPhase, name: string): string {
  if (phase === 'matching' || phase === 'prompting' || phase === 'starting') return 'You can type once the game has loaded.';
  if (phase === 'failed') return 'The game could not start. Try again above.';
  if (phase === 'waitingForTake') return `Waiting for ${name}'s hot take...`;
  if (phase === 'revealing') return `Revealing ${name}'s take...`;
  if (phase === 'leaving') return 'Saving your game...';
  if (phase === 'saveFailed') return 'The game is over. Try saving again above.';
  if (phase === 'result') return texts.hotTakes.over;
  return '';
}

/** The partner profile dialog's state; null while it is closed. */
export function selectFriendStatus(s: MatchSnapshot): FriendStatus | null {
  // The game and its result each have the dialog's region; leaving (or ending) the game closes it.
  const inProfile = (value: 'closed' | 'checking' | { open: 'friend' | 'adding' }) => s.matches({ open: { profile: value } }) || s.matches({ result: { profile: value } });
  if (!(s.matches('open') || s.matches('result')) || inProfile('closed')) return null;
  if (inProfile('checking')) return 'checking';
  if (inProfile({ open: 'friend' })) return 'friend';
  if (inProfile({ open: 'adding' })) return 'adding';
  return 'notFriend';
}

const inConversation = (s: MatchSnapshot) => s.matches({ open: { game: 'conversation' } });

/** The debate is won and may be ended: the points it would record now; null while it may not. */
export function selectFinishPoints(s: MatchSnapshot): number | null {
  const count = s.context.messages.length;
  if (!inConversation(s) || !s.matches({ open: { leave: 'staying' } }) || !isWinningGame(count)) return null;
  return gameAward(count);
}

/** What the leave dialog says leaving counts, as the machine would count it on CONFIRM_LEAVE; null while it is closed. */
export function selectLeaveQuestion(s: MatchSnapshot): string | null {
  if (!s.matches({ open: { leave: 'confirming' } })) return null;
  const count = s.context.messages.length;
  const partner = s.context.partner?.username ?? '';
  if (inConversation(s) && isWinningGame(count)) return texts.hotTakes.leaveWin(gameAward(count));
  return shouldSaveLog('matched', s.context.messages) ? texts.hotTakes.leaveLogOnly(partner) : texts.hotTakes.leaveNothing(partner);
}

export interface MatchResult {
  points: number;
  partner: string;
  messageCount: number;
  /** False while a member's win waits on this device for the server. */
  counted: boolean;
}

/** The result card's figures once the debate is over and saved; null before. */
export function selectResult(s: MatchSnapshot): MatchResult | null {
  if (!s.matches('result')) return null;
  const c = s.context;
  return { points: c.award ?? gameAward(c.messages.length), partner: c.partner?.username ?? '', messageCount: c.messages.length, counted: c.winCounted };
}
