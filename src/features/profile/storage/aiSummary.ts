import { z } from 'zod';
import { defineKey } from '../../../shared/storage/store';

export const aiSummaryKey = defineKey('ai_profile_summary', z.string(), () => '', { codec: 'text' });
