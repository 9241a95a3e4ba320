import { z } from 'zod';
import { STEAM_ID_PATTERN } from '../../../domain/steamId';
import { defineKey } from '../../../shared/storage/store';

// The account name shown after a reload. steam_id stays the id alone (docs/product.md section 3), so older
// installs that stored only the id still load; this key only adds the name that id belonged to when connected.
const steamAccountSchema = z.object({ steamId: z.string().regex(STEAM_ID_PATTERN), personaName: z.string().min(1).max(64) }).nullable();

export const steamAccountKey = defineKey('steam_account', steamAccountSchema, () => null);
