import { describe, expect } from 'vitest';
import { communityMachine } from '../../src/features/discover/machines/community.machine';
import { itCoversTheModel } from '../support/modelTest';

// docs/product.md Shared header: All Communities, UW, Microsoft, Seattle. Anything else is not a community.
const events = [
  { type: 'SELECT', community: 'UW' },
  { type: 'SELECT', community: 'Microsoft' },
  { type: 'SELECT', community: 'Seattle' },
  { type: 'SELECT', community: 'All Communities' },
  { type: 'SELECT', community: 'Atlantis' },
];

describe('community machine (model-based)', () => {
  itCoversTheModel('starts on All Communities and takes only the four known choices', { machine: communityMachine, limit: 10, events, states: {
    '(root)': ({ context, path }) => {
      const chosen = path.steps.flatMap((s) => (s.event.type === 'SELECT' ? [(s.event as unknown as { community: string }).community] : []));
      expect(context.community).toBe(chosen.filter((c) => c !== 'Atlantis').at(-1) ?? 'All Communities');
    },
  } }, { snapshots: 4, states: 1, transitions: 1, guards: 1 });
});
