import { createActor, fromCallback } from 'xstate';
import { liveMachine, type SocketSend } from '../../src/features/live/machines/live.machine';

/**
 * The app's real live actor for `memberId`, over a socket that opens nothing and records each frame it is
 * asked to send (in `sent`); the network watch stays quiet. A test says `socket.opened` when it wants the link up.
 */
export function startLiveRecordingFrames(memberId: string, now: () => number = () => 7) {
  const sent: SocketSend['frame'][] = [];
  const live = createActor(
    liveMachine.provide({
      actors: {
        socket: fromCallback<SocketSend>(({ receive }) => receive((event) => sent.push(event.frame))),
        watchNetwork: fromCallback(() => undefined),
      },
      // The device keeps nothing here and no session is there to end: these tests watch the frames.
      actions: { persistOutbox: () => undefined, endSession: () => undefined },
    }),
    { input: { memberId, outbox: [], random: () => 0, now } },
  ).start();
  return { live, sent };
}
