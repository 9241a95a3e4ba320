import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// End-to-end tests drive the built app in the system Chromium, against one app server that
// globalSetup starts (a file that needs its own database or throttle starts another). They run in two
// groups, one after the other:
// - most files, two at a time: each signs up its own members and waits on the browser and the server
//   more than on the CPU, so on two cores two files take about half again as long as one, not twice;
// - the files that check how long something takes in real time (a reply within 3.5 s, an intro that
//   lands about 4 s after it opened, a push seen within its bound, a waitFor of two seconds), one at a
//   time with nothing beside them, so a neighbour's work cannot push them over their bound.
const TIMED = [
  'botGames',
  'chat',
  'entry',
  'hotTakes',
  'intro',
  'liveChat',
  'liveConnection',
  'liveDebate',
  'livePush',
  'liveRestart',
  'moderation',
  'profile',
  'security',
  'shell',
].map((name) => `tests/e2e/${name}.e2e.ts`);

const browserTests = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } as const;

export default defineConfig({
  test: {
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    projects: [
      {
        test: {
          ...browserTests,
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: TIMED,
          maxWorkers: Math.min(2, availableParallelism()),
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...browserTests, name: 'e2e timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
