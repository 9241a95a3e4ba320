// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { friendRequestsMachine } from '../../src/features/friends/machines/friendRequests.machine';
import { liveImplementationsFor } from '../../src/features/live/actors/live.actors';
import { liveMachine } from '../../src/features/live/machines/live.machine';
import type { LiveActor } from '../../src/features/live/machines/liveLink';
import type { RequestsSnapshot } from '../../src/features/discover/services/socialForSession';
import { useLive } from '../../src/features/live/ui/LiveContext';
import { LiveRoot } from '../../src/app/LiveRoot';
import { SessionContext } from '../../src/features/session/ui/SessionContext';
import { SocialContext } from '../../src/features/session/ui/SocialContext';
import { fakeMember, WithSession, type FakeServer } from '../support/session';

// The member's one live actor: started for a member only, stopped on log-out, its status shown app-wide,
// and its notices (a friend request refreshes the app's requests) told in the page.

const sockets: { closed: boolean }[] = [];
// A session ended by the channel is not what these tests look at: its report goes nowhere.
const liveImplementations = liveImplementationsFor({ reportSessionEnded: () => undefined });
const logic = liveMachine.provide({
  ...liveImplementations,
  actors: {
    ...liveImplementations.actors,
    socket: fromCallback(() => {
      const socket = { closed: false };
      sockets.push(socket);
      return () => {
        socket.closed = true;
      };
    }),
  },
});

const requestLoads = { count: 0 };
const requests = createActor(
  friendRequestsMachine.provide({
    actors: {
      watchVisibility: fromCallback(() => undefined),
      loadRequests: fromPromise<RequestsSnapshot>(async () => {
        requestLoads.count += 1;
        return { incoming: [], outgoing: [], friendIds: [] };
      }),
    },
  }),
).start();

const seen: { live: LiveActor | null } = { live: null };

function Social({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  return <SocialContext.Provider value={{ session, requests }}>{children}</SocialContext.Provider>;
}

function Screen() {
  const live = useLive();
  const session = SessionContext.useActorRef();
  useEffect(() => {
    seen.live = live;
  }, [live]);
  return (
    <>
      <p data-testid="live">{live ? 'live' : 'none'}</p>
      <button type="button" onClick={() => session.send({ type: 'LOG_OUT' })}>
        Log Out
      </button>
    </>
  );
}

/** `appChannel`: the app's own live machine (LiveRoot's default) instead of the one over a fake socket. */
function renderApp(server: FakeServer, { appChannel = false } = {}) {
  render(
    <MemoryRouter initialEntries={['/friends']}>
      <WithSession server={server}>
        <Social>
          <LiveRoot logic={appChannel ? undefined : logic}>
            <Screen />
          </LiveRoot>
        </Social>
      </WithSession>
    </MemoryRouter>,
  );
}

async function liveForMember(): Promise<LiveActor> {
  renderApp({ member: fakeMember });
  await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('live'));
  // The screen's effect hands the actor over after paint, which a busy machine can delay past the text.
  await waitFor(() => expect(seen.live).not.toBeNull());
  return seen.live!;
}

beforeEach(() => {
  localStorage.clear();
});

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
    const live = await liveForMember();
    expect(sockets).toHaveLength(1);
    act(() => live.send({ type: 'socket.opened' }));
    expect(screen.queryByText('Reconnecting...')).toBeNull();
    act(() => live.send({ type: 'socket.closed', code: 1006 }));
    expect(screen.getByText('Reconnecting...')).toBeInTheDocument();
    act(() => live.send({ type: 'network.offline' }));
    expect(screen.queryByText('Reconnecting...')).toBeNull();
    expect(screen.getByText("You're offline. Messages will be sent when you reconnect.")).toBeInTheDocument();
    act(() => live.send({ type: 'network.online' }));
    expect(screen.queryByText("You're offline. Messages will be sent when you reconnect.")).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('none'));
    expect(sockets.every((socket) => socket.closed)).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells a friend request in the page, refreshes the requests, and can be dismissed', async () => {
    const live = await liveForMember();
    await waitFor(() => expect(requestLoads.count).toBeGreaterThan(0));
    const loadsBeforeOpen = requestLoads.count;
    act(() => live.send({ type: 'socket.opened' }));
    // The channel opening asks for the requests again: one sent while it connected is not missed.
    await waitFor(() => expect(requestLoads.count).toBeGreaterThan(loadsBeforeOpen));
    const loadsBefore = requestLoads.count;
    act(() => live.send({ type: 'socket.frame', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } }));
    const notice = screen.getByText('juno sent you a friend request');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(requestLoads.count).toBeGreaterThan(loadsBefore));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('juno sent you a friend request')).toBeNull();
  });

  it('keeps a notice past its 6 s while the pointer or focus rests on it, and lets it go 6 s after both leave', async () => {
    const live = await liveForMember();
    act(() => live.send({ type: 'socket.opened' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => live.send({ type: 'socket.frame', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } }));
      const notice = screen.getByText('juno sent you a friend request').parentElement!;
      fireEvent.pointerEnter(notice);
      act(() => void vi.advanceTimersByTime(30_000));
      expect(screen.getByText('juno sent you a friend request')).toBeInTheDocument();
      fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
      fireEvent.pointerLeave(notice);
      act(() => void vi.advanceTimersByTime(30_000));
      expect(screen.getByText('juno sent you a friend request')).toBeInTheDocument();
      fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }));
      act(() => void vi.advanceTimersByTime(5_999));
      expect(screen.getByText('juno sent you a friend request')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.queryByText('juno sent you a friend request')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("Dismiss takes a notice away while a newer message's sender is looked up, and that message is still told", async () => {
    let answerFriends!: () => void;
    const friendsAsked = new Promise<void>((resolve) => (answerFriends = resolve));
    const friends = { friends: [{ id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '', since: '2026-11-23T10:00:00.000Z' }] };
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const path = new URL(input instanceof Request ? input.url : input, 'http://127.0.0.1').pathname;
      if (path !== '/api/friends') throw new Error(`unexpected ${path}`);
      await friendsAsked;
      return new Response(JSON.stringify(friends), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    try {
      const live = await liveForMember();
      act(() => live.send({ type: 'socket.opened' }));
      act(() => live.send({ type: 'socket.frame', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } }));
      const message = { id: 'id-1', clientId: 'c-1', from: 'm-2', to: 'm-1', text: 'hi', sentAt: '2026-11-23T23:00:00.000Z', deliveredAt: null, readAt: null };
      act(() => live.send({ type: 'socket.frame', frame: { type: 'message', message } }));
      // nova's name is still being asked for: juno's notice stays, and its Dismiss works.
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByText('juno sent you a friend request')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
      answerFriends();
      expect(await screen.findByText('New message from nova')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("runs the app's own channel: the browser's socket, and the messages this device still owes sent once it opens", async () => {
    const browserSockets: BrowserSocket[] = [];
    class BrowserSocket extends EventTarget {
      static readonly OPEN = 1;
      readyState = 0;
      sent: unknown[] = [];
      constructor(readonly url: string) {
        super();
        browserSockets.push(this);
      }
      send(data: string) {
        this.sent.push(JSON.parse(data));
      }
      close() {
        this.readyState = 3;
      }
    }
    vi.stubGlobal('WebSocket', BrowserSocket);
    localStorage.setItem('mycelius_outbox_m-1', JSON.stringify([{ to: 'm-2', clientId: 'c-9', text: 'still here', queuedAt: 5 }]));
    try {
      renderApp({ member: fakeMember }, { appChannel: true });
      await waitFor(() => expect(browserSockets).toHaveLength(1));
      expect(browserSockets[0]!.url).toBe(`ws://${window.location.host}/api/live`);
      act(() => {
        browserSockets[0]!.readyState = BrowserSocket.OPEN;
        browserSockets[0]!.dispatchEvent(new Event('open'));
      });
      expect(browserSockets[0]!.sent).toEqual([{ type: 'send', to: 'm-2', clientId: 'c-9', text: 'still here' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
