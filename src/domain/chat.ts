import { z } from 'zod';

export const chatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  sender: z.string(), // 'user' | 'other' | 'system', or a persona's name in AI chat
  timestamp: z.string(),
  type: z.enum(['text', 'emoji']).default('text'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatLogSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  messages: z.array(chatMessageSchema),
  summary: z.string(),
  partner: z.string().optional(),
});
export type ChatLog = z.infer<typeof chatLogSchema>;

export const MAX_CHAT_LOGS_PER_GAME = 10;
