import type { ClientFrame, ServerFrame } from '../../../domain/liveContract';

// What the app's one live actor (live.machine.ts) accepts and tells, so the machines that use it
// (member chat, conversations, debates, notices) can be built and tested against fakes: each of them
// invokes a 'liveLink' callback actor, which the composition point provides (subscribing to the live
// actor's emitted frames and forwarding its commands), and tests provide a fake.

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

/** A chat message waiting on the device until the server acknowledges it (survives reloads): its send frame, and when it was queued. */
export type OutboxEntry = Omit<Extract<ClientFrame, { type: 'send' }>, 'type'> & { queuedAt: number };

export type LiveCommand =
  /** Queued on the device first, sent when open, resent after every reconnect until the 'ack'. */
  | { type: 'live.send'; to: string; clientId: string; text: string }
  /** Sent now if open, otherwise dropped (typing, read marks, debate moves): these are not queued. */
  | { type: 'live.frame'; frame: Exclude<ClientFrame, { type: 'send' }> };

export type LiveEmitted =
  | { type: 'live.received'; frame: ServerFrame }
  /**
   * The channel's status. The live link's first one (as it starts) also carries the messages still waiting
   * on the device (`outbox`), so a chat opened after a reload shows its own as pending.
   */
  | { type: 'live.status'; status: LiveStatus; outbox?: readonly OutboxEntry[] };
