import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { exitIfDataDirLocked } from '../server/db/dataDirLock';
import { openMigratedDatabase } from '../server/db/open';
import { closeReport, listOpenReports } from '../server/social/reports';
import { inert } from './terminalText';

// `npm run reports`: the open reports about members, for operators, from the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). `npm run reports -- --close <id>` closes one.
// What members wrote is printed through `inert` (terminalText.ts): one report is always its own lines.

const { values } = parseArgs({ options: { close: { type: 'string' } } });
const { database } = loadConfig();
const opened = await openMigratedDatabase(database).catch(exitIfDataDirLocked);
try {
  if (values.close !== undefined) {
    if (await closeReport(opened.db, values.close)) {
      console.log(`Closed report ${inert(values.close)}.`);
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
