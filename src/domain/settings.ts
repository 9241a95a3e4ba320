import { z } from 'zod';

export const settingsSchema = z.object({
  theme: z.enum(['dark', 'light']),
  profileVisibility: z.enum(['public', 'private']),
  notifications: z.boolean(),
  soundEffects: z.boolean(),
  showOnlineStatus: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The switches that decide what others see of a member (the server keeps them too). */
export type PrivacySettings = Pick<Settings, 'profileVisibility' | 'showOnlineStatus'>;

export function defaultSettings(): Settings {
  return { theme: 'dark', profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true };
}
