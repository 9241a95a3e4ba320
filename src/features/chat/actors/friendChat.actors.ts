import { fromPromise } from 'xstate';
import { generateFriendChatReply } from '../../../shared/http/ai';
import { loadUsers } from '../../../shared/people/users';
import type { FriendChatContext, FriendChatOpening, FriendReplyInput } from '../machines/friendChat.machine';
import { loadFriendChat, saveFriendChat } from '../storage/friendChat';

/** The AI call a friend's reply is written by (the app's AI client; a test's fake). */
export interface FriendChatAi {
  generateFriendChatReply: typeof generateFriendChatReply;
}

/** The friend chat's IO over the device's sample people and kept conversations, with the given AI. */
export function friendChatWith(ai: FriendChatAi) {
  return {
    actors: {
      loadFriend: fromPromise<FriendChatOpening | null, { friendId: string }>(async ({ input }) => {
        const friend = loadUsers().find((u) => u.id === input.friendId);
        return friend ? { friend, saved: loadFriendChat(input.friendId) } : null;
      }),
      writeReply: fromPromise<string, FriendReplyInput>(({ input }) =>
        ai.generateFriendChatReply(
          {
            username: input.friend.username,
            personality: input.friend.personality ?? '',
            interests: input.friend.interests,
            messages: input.history,
            message: input.message,
          },
          input.random,
        ),
      ),
    },
    actions: {
      // A full storage must not stop the conversation, only keeping it.
      messagesChanged: ({ context }: { context: FriendChatContext }) => {
        try {
          saveFriendChat(context.friendId, context.messages);
        } catch (error) {
          console.warn('The friend chat could not be kept on this device', error);
        }
      },
    },
  };
}

export const friendChatIO = friendChatWith({ generateFriendChatReply });
