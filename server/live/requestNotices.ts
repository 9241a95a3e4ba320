import type { LiveFeatureFactory } from './feature';

// New friend requests, live: the friend-request route publishes the pair once the request is
// stored, and whichever servers hold the recipient's sockets tell them who asked.

export const friendRequestNoticesFeature: LiveFeatureFactory = ({ db, sockets }) => ({
  async onBusEvent(event) {
    if (event.kind !== 'friendRequest' || !sockets.connectedHere(event.to)) return;
    const sender = await db.selectFrom('members').select(['id', 'username']).where('id', '=', event.from).executeTakeFirst();
    if (sender) sockets.sendToMember(event.to, { type: 'friendRequest', from: { id: sender.id, username: sender.username } });
  },
});
