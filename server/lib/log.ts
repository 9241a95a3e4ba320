// Structured logs: one JSON object per line on stdout, so a supervisor (journald, docker, a log
// shipper) can filter by level and follow a request by its id. Callers pass fields, never bodies,
// tokens or passwords; an error is reduced to its name, message and stack.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Level = Exclude<LogLevel, 'silent'>;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const at = (lineLevel: Level) => (msg: string, fields: LogFields = {}) => {
    if (RANK[lineLevel] < RANK[level]) return;
    const entry: LogFields = { time: new Date().toISOString(), level: lineLevel, msg };
    for (const [key, value] of Object.entries(fields)) entry[key] = plain(value);
    write(JSON.stringify(entry));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** For code paths whose caller did not ask for logs (a test building the app alone). */
export const silentLogger: Logger = createLogger('silent', () => undefined);
