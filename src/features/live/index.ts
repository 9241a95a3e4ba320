// What the live feature offers the others; anything not listed here is its own business.
export { type LiveCommand, type LiveEmitted, type LiveStatus, type OutboxEntry } from './machines/liveEvents';
export { type LiveActor } from './machines/liveLink';
export { requestNotificationPermission } from './services/notifications';
