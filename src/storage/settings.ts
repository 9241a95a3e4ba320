import { defaultSettings, settingsSchema } from '../domain/settings';
import { defineKey } from './store';

export const settingsKey = defineKey('user_settings', settingsSchema, defaultSettings);
