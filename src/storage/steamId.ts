import { z } from 'zod';
import { defineKey } from './store';

export const steamIdKey = defineKey('steam_id', z.string().regex(/^\d{17}$/).or(z.literal('')), () => '', { codec: 'text' });
