import { serve } from '@hono/node-server';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';

// The demo providers alone in their own process, so a test can flood them and read what this process
// keeps. Prints {"port":N} once listening; on each stdin line it runs a full garbage collection
// (started with --expose-gc) and prints {"rss":bytes}, so garbage awaiting collection is not counted
// as memory kept.

const config = loadConfig({
  PUBLIC_ORIGIN: 'http://127.0.0.1:5999',
  // The flood measures memory, not the limiter (tested on its own): let every call through.
  RATE_LIMIT_DEMO_PER_MINUTE: '100000000',
});
serve({ fetch: createApp(config).fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});

const collect = (globalThis as { gc?: () => void }).gc;
process.stdin.on('data', () => {
  collect?.();
  collect?.();
  process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`);
});
