// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { liveMachine } from '../../src/machines/live.machine';
import type { LiveActor } from '../../src/machines/liveLink';
import { useLive } from '../../src/ui/session/LiveContext';
import { LiveRoot } from '../../src/ui/session/LiveRoot';
import { SessionContext } from '../../src/ui/session/SessionContext';
import { fakeMember, WithSession, type FakeServer } from '../support/session';

// The member's one live actor: started for a member only, stopped on log-out, and its status shown app-wide.

const sockets: { closed: boolean }[] = [];
const logic = liveMachine.provide({
  actors: {
    socket: fromCallback(() => {
      const socket = { closed: false };
      sockets.push(socket);
      return () => {
        socket.closed = true;
      };
    }),
  },
});

const seen: { live: LiveActor | null } = { live: null };
function Screen() {
  const live = useLive();
  useEffect(() => {
    seen.live = live;
  }, [live]);
  const session = SessionContext.useActorRef();
  return (
    <>
      <p data-testid="live">{live ? 'live' : 'none'}</p>
      <button type="button" onClick={() => session.send({ type: 'LOG_OUT' })}>
        Log Out
      </button>
    </>
  );
}

function renderApp(server: FakeServer) {
  render(
    <WithSession server={server}>
      <LiveRoot logic={logic}>
        <Screen />
      </LiveRoot>
    </WithSession>,
  );
}

afterEach(() => {
  cleanup();
  sockets.length = 0;
  seen.live = null;
});

describe('LiveRoot', () => {
  it('gives a guest no live actor and opens no socket', async () => {
    renderApp({ member: null });
    await act(async () => undefined);
    expect(screen.getByTestId('live')).toHaveTextContent('none');
    expect(sockets).toHaveLength(0);
  });

  it("starts one live actor for a member, shows 'Reconnecting...' and the offline note, and stops on log-out", async () => {
    renderApp({ member: fakeMember });
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('live'));
    expect(sockets).toHaveLength(1);
    const live = seen.live!;
    act(() => live.send({ type: 'socket.opened' }));
    expect(screen.queryByText('Reconnecting...')).toBeNull();
    act(() => live.send({ type: 'socket.closed', code: 1006 }));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting...');
    act(() => live.send({ type: 'network.offline' }));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline. Messages will be sent when you reconnect.");
    act(() => live.send({ type: 'network.online' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('none'));
    expect(sockets.every((socket) => socket.closed)).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
