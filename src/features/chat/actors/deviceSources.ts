import type { ChatSources } from '../machines/chatPipeline';

/** The device's clock and random source, which the app hands the chats and games it starts (tests hand fixed ones). */
export const deviceSources: ChatSources = {
  now: () => Date.now(),
  random: () => Math.random(),
};
