import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveSocketUrl, openLiveSocket, parseServerFrame } from '../../src/features/live/services/socket';
import { FakeWebSocket } from '../support/liveFakeWebSocket';

// The browser side of /api/live: the URL from the page's origin, and frames checked against the contract.

function open() {
  FakeWebSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const heard: unknown[] = [];
  const connection = openLiveSocket(
    { onOpen: () => heard.push('open'), onFrame: (frame) => heard.push(frame), onClose: (code) => heard.push(code) },
    'ws://localhost:8787/api/live',
  );
  return { connection, heard, socket: FakeWebSocket.opened[0]! };
}

afterEach(() => vi.unstubAllGlobals());

describe('live socket service', () => {
  it('opens ws:// on http and wss:// on https, at /api/live', () => {
    expect(liveSocketUrl('http://localhost:8787')).toBe('ws://localhost:8787/api/live');
    expect(liveSocketUrl('https://mycelius.example')).toBe('wss://mycelius.example/api/live');
  });

  it('parses the frames the contract knows and refuses the rest', () => {
    expect(parseServerFrame('{"type":"heartbeat"}')).toEqual({ type: 'heartbeat' });
    expect(parseServerFrame('{"type":"presence","memberId":"m-2","online":true}')).toEqual({ type: 'presence', memberId: 'm-2', online: true });
    expect(parseServerFrame('{"type":"presence","memberId":"m-2"}')).toBeNull();
    expect(parseServerFrame('{"type":"party"}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('reports open, valid frames and the close code, and sends JSON only while open', () => {
    const { connection, heard, socket } = open();
    expect(socket.url).toBe('ws://localhost:8787/api/live');
    connection.send({ type: 'typing', to: 'm-2' });
    socket.serverOpens();
    connection.send({ type: 'typing', to: 'm-2' });
    socket.serverSends('{"type":"heartbeat"}');
    socket.serverSends('{"type":"nonsense"}');
    socket.serverCloses(1012);
    expect(heard).toEqual(['open', { type: 'heartbeat' }, 1012]);
    expect(socket.sent).toEqual(['{"type":"typing","to":"m-2"}']);
  });

  it('goes quiet once closed by the app', () => {
    const { connection, heard, socket } = open();
    socket.serverOpens();
    connection.close();
    socket.serverSends('{"type":"heartbeat"}');
    socket.serverCloses(1000);
    expect(socket.closedWith).toBe(1000);
    expect(heard).toEqual(['open']);
  });
});
