import { z } from 'zod';

export { CURRENT_USER_ID } from './community';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  interests: z.array(z.string()).default([]),
  personality: z.string().optional(),
  communities: z.array(z.string()).optional(),
});
export type User = z.infer<typeof userSchema>;

export const friendLinkSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  friend_id: z.string(),
});
export type FriendLink = z.infer<typeof friendLinkSchema>;
