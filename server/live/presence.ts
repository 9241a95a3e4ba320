import type { LiveFeatureFactory } from './feature';
import { firstConnection, friendIds, isConnected, onlineFriends, showsOnline } from './online';

// Presence: `ready` (with the friends online now) as a socket's first frame; then, whenever a member's
// first socket opens or last one closes on any server, a bus event, on which every server tells that
// member's friends connected to it. A member with Online Status off is never announced: not even as
// offline, which would still tell friends each time they close the app. Other moments that change
// what friends should see (Online Status switched, a new friendship) publish the same event. A
// friendship that ends has its own event: the two are no longer friends, so each side is told the
// other is offline directly.

/** Goes first in the feature list, so `ready` precedes every other feature's frames. */
export const presenceFeature: LiveFeatureFactory = ({ db, bus, sockets, now }) => ({
  async onConnect(socket) {
    // Two tabs opening at once each see the other's row; only the older one announces. Asked before
    // `ready`, so a tab the client closes after hearing it cannot make this one look first.
    const first = (await firstConnection(db, socket.memberId, now())) === socket.connectionId;
    socket.reply({ type: 'ready', memberId: socket.memberId, onlineFriends: await onlineFriends(db, socket.memberId, now()) });
    if (first) await bus.publish({ kind: 'presence', memberId: socket.memberId });
  },
  async onDisconnect(socket) {
    if (!(await isConnected(db, socket.memberId, now()))) await bus.publish({ kind: 'presence', memberId: socket.memberId });
  },
  async onBusEvent(event) {
    if (event.kind === 'friendshipEnded') {
      const [one, other] = event.members;
      sockets.sendToMember(one, { type: 'presence', memberId: other, online: false });
      sockets.sendToMember(other, { type: 'presence', memberId: one, online: false });
      return;
    }
    if (event.kind !== 'presence') return;
    const friendsHere = (await friendIds(db, event.memberId)).filter((id) => sockets.connectedHere(id));
    if (friendsHere.length === 0) return;
    const shown = await showsOnline(db, event.memberId);
    // Switching Online Status off is the one time a hidden member is announced: as offline, once.
    if (!shown && !event.statusChanged) return;
    const frame = { type: 'presence', memberId: event.memberId, online: shown && (await isConnected(db, event.memberId, now())) } as const;
    for (const friend of friendsHere) sockets.sendToMember(friend, frame);
  },
});
