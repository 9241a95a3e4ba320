// Mutation testing (`npm run mutation`, see docs/testing.md). Not part of `npm test`: a full run
// takes long on two cores. scripts/mutation.sh runs one folder at a time (MUTATE_FOLDER), each with
// its own incremental file and report under reports/mutation/<folder>/, so a re-run only tests the
// mutants whose code or covering tests changed.
const MEMBER_ROUTES = ['server/routes/members.ts', 'server/routes/social.ts', 'server/routes/discover.ts'];
const CHAT_ROUTES = 'server/routes/chats.ts';
const ACCOUNT_ROUTES = ['admin', 'devices', 'emailChange', 'passkeys', 'passwordReset'].map((name) => `server/routes/${name}.ts`);

const FOLDERS = {
  // Each kind of code is measured across the feature folders (src/features/<feature>/<kind>) and the
  // shared kernel below them.
  // The machines are measured in parts too, one per feature group, for the same reason as server/.
  'machines-chat': ['src/features/chat/machines/**/*.ts'],
  'machines-games': ['src/features/games/machines/**/*.ts'],
  'machines-profile': ['src/features/profile/machines/**/*.ts'],
  'machines-session': ['src/features/session/machines/**/*.ts'],
  'machines-settings': ['src/features/settings/machines/**/*.ts', 'src/features/admin/machines/**/*.ts'],
  'machines-social': ['discover', 'friends', 'live', 'safety'].map((feature) => `src/features/${feature}/machines/**/*.ts`),
  domain: ['src/domain/**/*.ts'],
  services: ['src/features/*/services/**/*.ts', 'src/shared/http/**/*.ts'],
  storage: ['src/features/*/storage/**/*.ts', 'src/shared/storage/**/*.ts'],
  // server/ is measured in six parts, each with its own incremental file, so a two-core machine can
  // finish one part at a time (`npm run mutation server` runs all six; scripts/mutationScores.ts
  // adds them up). The process entry (start.ts) and the Vite dev hook (devPlugin.ts) only wire things
  // together; no unit test starts them, so they are not mutated.
  // The members' routes (chat included) belong to the members part, whose suite has their tests
  // (vitest.mutation.config.ts); the http part keeps the app shell, the middleware and the guest routes.
  'server-http': ['server/*.ts', 'server/lib/**/*.ts', 'server/routes/**/*.ts', '!server/start.ts', '!server/devPlugin.ts', ...[...MEMBER_ROUTES, CHAT_ROUTES, ...ACCOUNT_ROUTES].map((file) => `!${file}`)],
  'server-members': ['server/members/**/*.ts', 'server/db/**/*.ts', 'server/social/**/*.ts', ...MEMBER_ROUTES, CHAT_ROUTES],
  'server-ai': ['server/ai/**/*.ts', 'server/discover/**/*.ts'],
  'server-live': ['server/live/**/*.ts'],
  'server-fakes': ['server/fakes/**/*.ts'],
  // What keeps an account safe and reachable: mail (reset, email change) and its queue, moderation
  // (operators, reports, suspensions) and the routes that serve them.
  'server-accounts': ['server/mail/**/*.ts', 'server/moderation/**/*.ts', ...ACCOUNT_ROUTES],
};

const folder = process.env.MUTATE_FOLDER ?? 'all';
if (folder !== 'all' && !(folder in FOLDERS)) {
  throw new Error(`MUTATE_FOLDER must be one of ${Object.keys(FOLDERS).join(', ')}; got "${folder}"`);
}
const mutate = folder === 'all' ? Object.values(FOLDERS).flat() : FOLDERS[folder];
const out = `reports/mutation/${folder}`;

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate,
  ignorePatterns: ['dist', 'reports', 'coverage', 'tests/e2e', 'docs', 'public', '.stryker-tmp'],
  incremental: true,
  incrementalFile: `${out}/incremental.json`,
  // Static mutants (module-level constants: texts, catalogs, tables) need every test re-run in a
  // fresh module graph each, which costs more than all other mutants together on two cores.
  // MUTATION_STATIC=1 includes them; docs/testing.md says which figures include them.
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  timeoutMS: 20000,
  // The first run of all covering tests takes 20 s on an idle machine and over 5 minutes (Stryker's
  // default limit) when the two cores are shared with other work.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `${out}/mutation.json` },
  htmlReporter: { fileName: `${out}/mutation.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 80, low: 75, break: null },
  tempDirName: `.stryker-tmp/${folder}`,
  cleanTempDir: true,
};
