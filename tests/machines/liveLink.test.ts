import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, sendTo, setup } from 'xstate';
import type { LiveCommand, LiveEmitted } from '../../src/features/live/machines/liveEvents';
import { liveLinkFor } from '../../src/features/live/machines/liveLink';
import { startLiveRecordingFrames } from '../support/liveRecordingSocket';

// A machine that uses the live channel invokes 'liveLink'; liveLinkFor makes it from the app's live actor.

const listener = setup({
  types: { context: {} as { heard: LiveEmitted[] }, events: {} as LiveEmitted | { type: 'say'; command: LiveCommand } },
  actors: { liveLink: fromCallback<LiveCommand>(() => undefined) },
}).createMachine({
  context: { heard: [] },
  invoke: { id: 'liveLink', src: 'liveLink' },
  on: {
    'live.status': { actions: assign({ heard: ({ context, event }) => [...context.heard, event as LiveEmitted] }) },
    'live.received': { actions: assign({ heard: ({ context, event }) => [...context.heard, event as LiveEmitted] }) },
    say: { actions: sendTo('liveLink', ({ event }) => (event.type === 'say' ? event.command : { type: 'live.frame', frame: { type: 'debate.cancel' } })) },
  },
});

const startLive = () => startLiveRecordingFrames('m-1');

describe('liveLinkFor', () => {
  it('tells the parent the current status, then every change and frame, and forwards its commands', () => {
    const { live, sent } = startLive();
    const user = createActor(listener.provide({ actors: { liveLink: liveLinkFor(live) } })).start();
    live.send({ type: 'socket.opened' });
    live.send({ type: 'socket.frame', frame: { type: 'heartbeat' } });
    user.send({ type: 'say', command: { type: 'live.send', to: 'm-2', clientId: 'c-1', text: 'hi' } });
    expect(user.getSnapshot().context.heard).toEqual([
      { type: 'live.status', status: 'connecting', outbox: [] },
      { type: 'live.status', status: 'open' },
      { type: 'live.received', frame: { type: 'heartbeat' } },
    ]);
    expect(sent).toEqual([{ type: 'send', to: 'm-2', clientId: 'c-1', text: 'hi' }]);
    user.stop();
    live.send({ type: 'socket.frame', frame: { type: 'heartbeat' } });
    expect(user.getSnapshot().context.heard).toHaveLength(3);
    live.stop();
  });

  it("tells the messages still waiting on the device with the first status, so a chat opened later shows them", () => {
    const { live } = startLive();
    live.send({ type: 'live.send', to: 'm-2', clientId: 'c-1', text: 'queued' });
    const user = createActor(listener.provide({ actors: { liveLink: liveLinkFor(live) } })).start();
    expect(user.getSnapshot().context.heard).toEqual([
      { type: 'live.status', status: 'connecting', outbox: [{ to: 'm-2', clientId: 'c-1', text: 'queued', queuedAt: 7 }] },
    ]);
    user.stop();
    live.stop();
  });

  it('is silent for a guest', () => {
    const user = createActor(listener.provide({ actors: { liveLink: liveLinkFor(null) } })).start();
    user.send({ type: 'say', command: { type: 'live.frame', frame: { type: 'debate.cancel' } } });
    expect(user.getSnapshot().context.heard).toEqual([]);
    user.stop();
  });
});
