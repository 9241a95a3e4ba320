import { z } from 'zod';
import { defineKey } from './store';

export const aiSummaryKey = defineKey('ai_profile_summary', z.string(), () => '', { codec: 'text' });
