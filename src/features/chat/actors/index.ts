import type { ChatActors } from '../ui/ChatActors';
import { chatLogsActors } from './chatLogs.actors';
import { deviceSources } from './deviceSources';
import { friendChatIO } from './friendChat.actors';
import { memberChatActors, tabVisible } from './memberChat.actors';

/** The chats' real IO, provided where the app is assembled. */
export const chatActors: ChatActors = {
  sources: deviceSources,
  chatLogs: { actors: chatLogsActors },
  friendChat: friendChatIO,
  memberChat: { actors: memberChatActors, tabVisible },
};
