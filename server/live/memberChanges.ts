import type { LiveFeatureFactory } from './feature';

// Changes a member's open screens must show without waiting for a poll: who is a friend, asked or
// blocked (both people of the pair are told), their own profile saved on another device, and a chat they
// muted or unmuted. Only ids cross the bus; the people frames name no one, and each client fetches its lists
// again; a mute names the member's own chat, to that member alone.

export const memberChangesFeature: LiveFeatureFactory = ({ sockets }) => ({
  async onBusEvent(event) {
    if (event.kind === 'peopleChanged') {
      for (const memberId of event.members) sockets.sendToMember(memberId, { type: 'people.changed' });
    } else if (event.kind === 'profileChanged') {
      sockets.sendToMember(event.memberId, { type: 'profile.changed' });
    } else if (event.kind === 'muteChanged') {
      sockets.sendToMember(event.memberId, { type: 'mute.changed', friendId: event.friendId, muted: event.muted });
    }
  },
});
