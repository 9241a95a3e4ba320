import type { ChatActors } from '../ui/ChatActors';
import { chatLogsActors } from './chatLogs.actors';
import { deviceSources } from './deviceSources';
import { friendChatIO } from './friendChat.actors';
import { chatMuteActorsFor, memberChatActorsFor, tabVisible } from './memberChat.actors';
import type { ViewerSource } from '../../../shared/session/viewer';

/** The chats' real IO for the app's viewer, created where the app is assembled. */
export function createChatActors(viewer: ViewerSource): ChatActors {
  return {
    sources: deviceSources,
    chatLogs: { actors: chatLogsActors },
    friendChat: friendChatIO,
    memberChat: { actors: memberChatActorsFor(viewer), tabVisible },
    chatMute: { actors: chatMuteActorsFor(viewer) },
  };
}
