import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

// What each app server of the e2e run wrote (warnings and errors: the servers run at LOG_LEVEL=warn),
// one file per port, so a failed test can show what the server said while it ran (failureReport.ts).
// A fault on the server behind a failed step otherwise leaves no trace in a CI log.

const SERVER_LOGS_DIR = join('test-results', 'e2e-servers');
/** The most of one server's output a failure prints: its end, where the fault is. */
const MAX_CHARS = 6_000;

export function clearServerLogs(): void {
  rmSync(SERVER_LOGS_DIR, { recursive: true, force: true });
  mkdirSync(SERVER_LOGS_DIR, { recursive: true });
}

/** Appends a server's output to its port's file. */
export function serverLogWriter(port: number): (chunk: string) => void {
  const file = join(SERVER_LOGS_DIR, `port-${port}.log`);
  mkdirSync(SERVER_LOGS_DIR, { recursive: true });
  return (chunk) => appendFileSync(file, chunk);
}

/** How long each server's file is now: the mark a test's failure report reads from. */
export function serverLogMarks(): Map<string, number> {
  const marks = new Map<string, number>();
  for (const name of listFiles()) marks.set(name, statSync(join(SERVER_LOGS_DIR, name)).size);
  return marks;
}

/** What every server wrote since `marks` were taken, by file; empty when they said nothing. */
export function serverOutputSince(marks: Map<string, number>): string[] {
  const reports: string[] = [];
  for (const name of listFiles()) {
    const text = readFileSync(join(SERVER_LOGS_DIR, name)).subarray(marks.get(name) ?? 0).toString('utf8').trim();
    if (text === '') continue;
    const shown = text.length > MAX_CHARS ? `...\n${text.slice(-MAX_CHARS)}` : text;
    reports.push(`server ${name.replace(/^port-|\.log$/g, '')}:\n${shown}`);
  }
  return reports;
}

function listFiles(): string[] {
  try {
    return readdirSync(SERVER_LOGS_DIR).filter((name) => name.endsWith('.log'));
  } catch {
    return [];
  }
}
