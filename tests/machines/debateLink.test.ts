import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DebateView } from '../../src/domain/liveContract';
import { debateLinkFor } from '../../src/features/games/machines/debateLink';
import type { SocketSend } from '../../src/features/live/machines/live.machine';
import { liveDebateMachine } from '../../src/features/games/machines/liveDebate.machine';
import { startLiveRecordingFrames } from '../support/liveRecordingSocket';
import { debateJustMatched } from '../support/liveDebateState';

// The debate screen's link: the debate machine over the app's real live actor (with a fake socket),
// and what goes out on the socket when the screen goes away without Back.

function startLive() {
  const started = startLiveRecordingFrames('m-me');
  started.live.send({ type: 'socket.opened' });
  return started;
}

const debate = (fields: Partial<DebateView>): DebateView =>
  debateJustMatched({ debateId: 'd-1', prompt: 'Topic: Tabs', opponent: { id: 'm-alice', username: 'Alice' }, ...fields });

function screenOn(live: ReturnType<typeof startLive>['live']) {
  return createActor(liveDebateMachine.provide({ actors: { liveLink: debateLinkFor(live) }, actions: { goToGames: () => undefined } }), { input: { instanceId: 'screen' } }).start();
}

describe('debateLinkFor', () => {
  it('carries the debate both ways, and leaving the screen mid-debate leaves the debate', () => {
    const { live, sent } = startLive();
    const screen = screenOn(live);
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({}) } });
    expect(screen.getSnapshot().matches({ matched: 'writing' })).toBe(true);
    screen.send({ type: 'SEND', text: 'Tabs forever' });
    screen.stop();
    expect(sent.filter((f) => f.type.startsWith('debate.'))).toEqual([
      { type: 'debate.join', community: null },
      { type: 'debate.join', community: null },
      { type: 'debate.take', debateId: 'd-1', text: 'Tabs forever' },
      { type: 'debate.leave', debateId: 'd-1' },
    ]);
    live.stop();
  });

  it('leaving the screen while searching leaves the queue; after a confirmed Back or the end it sends nothing more', () => {
    const { live, sent } = startLive();
    screenOn(live).stop();
    expect(sent.filter((f) => f.type.startsWith('debate.')).at(-1)).toEqual({ type: 'debate.cancel' });

    const again = screenOn(live);
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({}) } });
    again.send({ type: 'BACK' });
    again.send({ type: 'CONFIRM_LEAVE' });
    const before = sent.length;
    again.stop();
    expect(sent.slice(-1)).toEqual([{ type: 'debate.leave', debateId: 'd-1' }]);
    expect(sent).toHaveLength(before);

    const ended = screenOn(live);
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({ debateId: 'd-2' }) } });
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({ debateId: 'd-2', phase: 'ended', endedBy: 'm-alice' }) } });
    const count = sent.length;
    ended.stop();
    expect(sent).toHaveLength(count);
    live.stop();
  });
});

describe('debateLinkFor on its own', () => {
  const debateFrames = (sent: SocketSend['frame'][]) => sent.filter((f) => f.type.startsWith('debate.'));

  it('sends nothing on going away before any search or debate', () => {
    const { live, sent } = startLive();
    createActor(debateLinkFor(live)).start().stop();
    expect(debateFrames(sent)).toEqual([]);
    live.stop();
  });

  it('still leaves the queue when other frames arrive while searching, and not after a cancel', () => {
    const { live, sent } = startLive();
    const link = createActor(debateLinkFor(live)).start();
    link.send({ type: 'live.frame', frame: { type: 'debate.join', community: null } });
    live.send({ type: 'socket.frame', frame: { type: 'debate.queued' } });
    link.stop();
    expect(debateFrames(sent)).toEqual([{ type: 'debate.join', community: null }, { type: 'debate.cancel' }]);

    const cancelled = createActor(debateLinkFor(live)).start();
    cancelled.send({ type: 'live.frame', frame: { type: 'debate.join', community: null } });
    cancelled.send({ type: 'live.frame', frame: { type: 'debate.cancel' } });
    const count = sent.length;
    cancelled.stop();
    expect(sent).toHaveLength(count);
    live.stop();
  });

  it('keeps the open debate through the end or leave of another one, and leaves it on going away', () => {
    const { live, sent } = startLive();
    const link = createActor(debateLinkFor(live)).start();
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({}) } });
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({ debateId: 'd-0', phase: 'ended', endedBy: 'm-me' }) } });
    link.send({ type: 'live.frame', frame: { type: 'debate.leave', debateId: 'd-9' } });
    link.stop();
    expect(debateFrames(sent)).toEqual([{ type: 'debate.leave', debateId: 'd-9' }, { type: 'debate.leave', debateId: 'd-1' }]);
    live.stop();
  });

  it('tells the screen when the link is back, so it resends the take', () => {
    const { live, sent } = startLive();
    const screen = screenOn(live);
    live.send({ type: 'socket.frame', frame: { type: 'debate.state', debate: debate({}) } });
    screen.send({ type: 'SEND', text: 'Tabs forever' });
    // 1012: the server restarting, so the live actor reconnects at once.
    live.send({ type: 'socket.closed', code: 1012 });
    live.send({ type: 'socket.opened' });
    expect(debateFrames(sent).filter((f) => f.type === 'debate.take')).toEqual([
      { type: 'debate.take', debateId: 'd-1', text: 'Tabs forever' },
      { type: 'debate.take', debateId: 'd-1', text: 'Tabs forever' },
    ]);
    screen.stop();
    live.stop();
  });

  it('passes queued chat sends on to the live actor', () => {
    const { live, sent } = startLive();
    const link = createActor(debateLinkFor(live)).start();
    link.send({ type: 'live.send', to: 'm-alice', clientId: 'c-1', text: 'Hi' });
    expect(sent).toContainEqual({ type: 'send', to: 'm-alice', clientId: 'c-1', text: 'Hi' });
    link.stop();
    live.stop();
  });
});
