import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabaseInBackground, type StartingDatabase } from './db/open';
import { createLogger, type Logger } from './lib/log';
import { createLiveBus } from './live/bus';
import { createLiveHub, type LiveHub } from './live/hub';
import { chooseProvider } from './ai';
import { allLiveFeatures } from './live/index';
import { startServer } from './main';
import { createMailer } from './mail/mailer';
import { createMailQueue, type MailQueue } from './mail/queue';

// The process entry (`npm start` runs its bundle, dist-server/start.js, with node). It owns what a
// supervisor such as systemd relies on: a clear refusal of bad settings, a clean stop on SIGTERM or
// SIGINT, and a non-zero exit on a crash so the supervisor restarts the service.

export const SHUTDOWN_GRACE_MS = 10_000;
/** How often each server looks for mail due (retries, and mail another server or a crashed run queued). */
const MAIL_POLL_MS = 15_000;

function stopOnSignals(server: Server, live: LiveHub, mail: MailQueue, database: StartingDatabase, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down: no new connections, finishing requests in flight', { signal });
    const deadline = setTimeout(() => {
      log.warn('requests still in flight after the grace period; closing them', { graceMs: SHUTDOWN_GRACE_MS });
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // Sockets are told first (1012: reconnect, to any server); the listener stops at once, and its
    // close can finish because the hub closes the upgraded sockets it would otherwise wait for.
    const liveClosed = live.shutdown().catch((error: unknown) => log.error('the live sockets did not close cleanly', { error }));
    server.close(() => {
      clearTimeout(deadline);
      // Close the database last (after the hub deleted its rows), so PGlite leaves its files clean.
      void liveClosed
        .then(() => mail.stop())
        .then(() => database.close())
        .finally(() => {
          log.info('stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function exitOnCrash(log: Logger): void {
  process.on('uncaughtException', (error) => {
    log.error('uncaught exception; exiting so the supervisor restarts the server', { error });
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.error('unhandled promise rejection; exiting so the supervisor restarts the server', { error: reason });
    process.exit(1);
  });
}

function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  exitOnCrash(log);
  const database = openDatabaseInBackground(config.database, log, {
    embeddedThread: {
      onWedged(reason) {
        log.error('the members database stopped answering; exiting so the supervisor restarts the server', { reason });
        process.exit(1);
      },
    },
  });
  const where = database.kind === 'postgres' ? 'a Postgres server (DATABASE_URL)' : `embedded PGlite in ${resolve(config.database.dataDir)}`;
  database.ready.then(
    ({ applied }) => log.info('members database ready', { applied }),
    (error: unknown) => {
      log.error('the members database could not be opened', { error, database: where });
      process.exit(1);
    },
  );
  const bus = createLiveBus(database, (message, error) => log.error(message, { error }));
  // One AI engine for the process: the live debates and the /api routes share it.
  const ai = chooseProvider(config);
  const live = createLiveHub({
    db: database.db,
    bus,
    serverId: randomUUID(),
    features: allLiveFeatures({ ai, log }),
    origin: config.origin,
    allowedHostnames: config.allowedHostnames,
    limits: config.liveSockets,
    trustProxyHops: config.trustProxyHops,
    now: Date.now,
    log,
  });
  // Mail waits in the database; this server's worker delivers what is due once the database is open.
  const mail = createMailQueue(database.db, createMailer(config.mail, log), log);
  database.ready.then(() => mail.start(MAIL_POLL_MS), () => undefined);
  const server = startServer(config, log, { members: { db: database.db, bus }, mail, ai, database: where, live });
  server.on('error', (error) => {
    log.error('the server could not listen', { error, host: config.host, port: config.port });
    process.exit(1);
  });
  stopOnSignals(server, live, mail, database, log);
}

main();
