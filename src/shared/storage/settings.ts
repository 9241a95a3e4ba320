import { defaultSettings, settingsSchema } from '../../domain/settings';
import { SETTINGS_KEY } from './startupTheme';
import { defineKey } from './store';

export const settingsKey = defineKey(SETTINGS_KEY, settingsSchema, defaultSettings);
