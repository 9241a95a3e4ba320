/**
 * A browser WebSocket a test drives from the server's side (stubbed in as the global `WebSocket`): it keeps
 * what the page sends as written, and opens, delivers a message or closes only when the test says so.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket the page opened, in order; a test empties it before it starts. */
  static opened: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }
  /** What the page sent, each message read as the JSON frame it carries. */
  get sentFrames(): unknown[] {
    return this.sent.map((data) => JSON.parse(data) as unknown);
  }
  serverOpens() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  serverSends(data: string) {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  serverCloses(code: number) {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}
