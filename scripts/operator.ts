import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { exitIfDataDirLocked } from '../server/db/dataDirLock';
import { openMigratedDatabase } from '../server/db/open';
import { grantOperator, revokeOperator } from '../server/moderation/operators';
import { inert } from './terminalText';

// `npm run operator -- --grant <username>` / `--revoke <username>`: the only way to give or take the
// operator role (the console at /admin). It works on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR), as the server and `npm run reports` do; no route can change the role.

const USAGE = 'Usage: npm run operator -- --grant <username>   or   npm run operator -- --revoke <username>';

function request(): { kind: 'grant' | 'revoke'; username: string } | undefined {
  try {
    const { values, positionals } = parseArgs({ options: { grant: { type: 'string' }, revoke: { type: 'string' } }, allowPositionals: true, strict: true });
    if (positionals.length > 0) return undefined;
    if (values.grant !== undefined && values.revoke === undefined && values.grant.trim() !== '') return { kind: 'grant', username: values.grant.trim() };
    if (values.revoke !== undefined && values.grant === undefined && values.revoke.trim() !== '') return { kind: 'revoke', username: values.revoke.trim() };
    return undefined;
  } catch {
    return undefined;
  }
}

const asked = request();
if (!asked) {
  console.error(USAGE);
  process.exit(2);
}
const { database } = loadConfig();
const opened = await openMigratedDatabase(database).catch(exitIfDataDirLocked);
try {
  if (asked.kind === 'grant') {
    const outcome = await grantOperator(opened.db, asked.username, new Date());
    if (outcome.kind === 'unknown') {
      console.error(`No member has the username ${inert(asked.username)}.`);
      process.exitCode = 1;
    } else if (outcome.kind === 'granted') console.log(`${inert(outcome.username)} is now an operator.`);
    else console.log(`${inert(outcome.username)} was already an operator.`);
  } else {
    const outcome = await revokeOperator(opened.db, asked.username);
    if (outcome.kind === 'unknown') {
      console.error(`No member has the username ${inert(asked.username)}.`);
      process.exitCode = 1;
    } else if (outcome.kind === 'revoked') console.log(`${inert(outcome.username)} is no longer an operator.`);
    else console.log(`${inert(outcome.username)} was not an operator.`);
  }
} finally {
  await opened.close();
}
