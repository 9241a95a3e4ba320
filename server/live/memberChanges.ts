import type { LiveFeatureFactory } from './feature';

// Changes a member's open screens must show without waiting for a poll: who is a friend, asked or
// blocked (both people of the pair are told) and their own profile saved on another device. Only ids
// cross the bus; the frames name no one, and each client fetches its lists again.

export const memberChangesFeature: LiveFeatureFactory = ({ sockets }) => ({
  async onBusEvent(event) {
    if (event.kind === 'peopleChanged') {
      for (const memberId of event.members) sockets.sendToMember(memberId, { type: 'people.changed' });
    } else if (event.kind === 'profileChanged') {
      sockets.sendToMember(event.memberId, { type: 'profile.changed' });
    }
  },
});
