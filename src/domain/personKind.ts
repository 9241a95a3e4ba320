import { SAMPLE_USERS } from './sampleUsers';
import type { PersonKind } from './socialContract';

// Honest labels: who on screen is one of the 25 built-in sample people. Member cards say so
// (`kind`); a guest's people are the device's sample users, whose ids ('user-1'...) no member ever has.

const SAMPLE_IDS: ReadonlySet<string> = new Set(SAMPLE_USERS.map((user) => user.id));

export interface LabelledPerson {
  id: string;
  kind?: PersonKind;
}

export function isSamplePerson(person: LabelledPerson): boolean {
  return person.kind ? person.kind === 'sample' : SAMPLE_IDS.has(person.id);
}
