import { z } from 'zod';
import { STEAM_ID_PATTERN } from '../../../domain/steamId';
import { defineKey } from '../../../shared/storage/store';

export const steamIdKey = defineKey('steam_id', z.string().regex(STEAM_ID_PATTERN).or(z.literal('')), () => '', { codec: 'text' });
