import { serve } from '@hono/node-server';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';

// The demo providers alone in their own process, so a test can flood them and read what this process
// keeps. Prints {"port":N} once listening; on each stdin line it runs a full garbage collection
// (started with --expose-gc) and prints {"kept":bytes}: the JavaScript heap in use plus the memory
// outside it that objects hold (buffers), after the collection. Resident size (rss) was used before,
// but the allocator keeps freed pages, so it swung by tens of MB between runs of the same code.

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
  const { heapUsed, external } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ kept: heapUsed + external })}\n`);
});
