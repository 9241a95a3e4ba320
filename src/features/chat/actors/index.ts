import type { ChatActors } from '../ui/ChatActors';
import { chatLogsActors } from './chatLogs.actors';
import { deviceSources } from './deviceSources';

/** The chats' real IO, provided where the app is assembled. */
export const chatActors: ChatActors = {
  sources: deviceSources,
  chatLogs: { actors: chatLogsActors },
};
