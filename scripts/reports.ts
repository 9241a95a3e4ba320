import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { reasonSchema } from '../src/domain/adminContract';
import { loadConfig } from '../server/config';
import { exitIfDataDirLocked } from '../server/db/dataDirLock';
import { openMigratedDatabase } from '../server/db/open';
import { dismissReport, isAdminProblem } from '../server/moderation/actions';
import { commandLineActor } from '../server/moderation/operators';
import { listOpenReports } from '../server/social/reports';
import { inert } from './terminalText';

// `npm run reports`: the open reports about members, for operators, from the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). `npm run reports -- --close <id> [--reason <text>]`
// closes one as the console's Dismiss does, with a moderation-log entry naming 'command line (<OS user>)'.
// What members wrote is printed through `inert` (terminalText.ts): one report is always its own lines.

const USAGE = 'Usage: npm run reports   or   npm run reports -- --close <id> [--reason <text>]';
/** The log's reason when none is given: every entry says why. */
const DEFAULT_REASON = 'Closed on the command line.';

function readArgs(): { close?: string; reason?: string } {
  try {
    const { values, positionals } = parseArgs({ options: { close: { type: 'string' }, reason: { type: 'string' } }, strict: true });
    if (positionals.length > 0 || (values.reason !== undefined && values.close === undefined)) throw new Error('unexpected arguments');
    return values;
  } catch {
    console.error(USAGE);
    process.exit(2);
  }
}

/** The OS user running the command, by the shell's own account (USER or LOGNAME) or the system's. */
function osUser(): string | undefined {
  const fromShell = process.env.USER ?? process.env.LOGNAME;
  if (fromShell) return fromShell;
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

const values = readArgs();
const reason = reasonSchema.safeParse(values.reason ?? DEFAULT_REASON);
if (!reason.success) {
  console.error('The reason must be up to 500 characters of text, not blank.');
  process.exit(2);
}
const { database } = loadConfig();
const opened = await openMigratedDatabase(database).catch(exitIfDataDirLocked);
try {
  if (values.close !== undefined) {
    const actor = commandLineActor(osUser());
    const outcome = await dismissReport(opened.db, actor, values.close, reason.data, new Date());
    if (!isAdminProblem(outcome)) {
      console.log(`Closed report ${inert(values.close)}. Logged as ${inert(actor.username)}: ${inert(outcome.entry.reason)}`);
    } else if (outcome.code === 'REPORT_CLOSED') {
      console.error(`Report ${inert(values.close)} has already been closed.`);
      process.exitCode = 1;
    } else {
      console.error(`No open report has the id ${inert(values.close)}.`);
      process.exitCode = 1;
    }
  } else {
    const reports = await listOpenReports(opened.db);
    if (reports.length === 0) console.log('No open reports.');
    for (const report of reports) {
      const reporter = report.reporter === null ? '(deleted account)' : inert(report.reporter);
      console.log(`${report.createdAt}  ${reporter} reported ${inert(report.reported)} for ${inert(report.reason)}`);
      if (report.note !== '') console.log(`  note: ${inert(report.note)}`);
      if (report.source !== 'profile') console.log(`  from: ${inert(report.source)}`);
      // Oldest first; the reported line is marked with '>'.
      for (const line of report.evidence) {
        console.log(`  ${line.position === 0 ? '>' : ' '} ${line.sentAt}  ${inert(line.sender)}: ${inert(line.text)}`);
      }
      console.log(`  id: ${inert(report.id)}`);
    }
    if (reports.length > 0) console.log(`${reports.length} open report${reports.length === 1 ? '' : 's'}. Close one with: npm run reports -- --close <id>`);
  }
} finally {
  await opened.close();
}
