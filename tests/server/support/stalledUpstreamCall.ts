import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callUpstream } from '../../../server/lib/upstreamCall';

// One outside call to a service that sends its headers and a first chunk, then nothing, while the
// process collects garbage every 10 ms (started with --expose-gc). Prints what the call came to as
// {"kind":..., "ms":...}. A busy server collects often; the wait must run out all the same.

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('Start with --expose-gc');

const stalled = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"items":[');
});
await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
const startedAt = Date.now();
const collecting = setInterval(collect, 10);
// A lost timer would wait for good: give up after 5 s and say so, instead of hanging the test.
const givingUp = setTimeout(() => {
  process.stdout.write(`${JSON.stringify({ kind: 'still waiting', ms: Date.now() - startedAt })}\n`);
  process.exit(0);
}, 5_000);
const result = await callUpstream(`http://127.0.0.1:${(stalled.address() as AddressInfo).port}/`, {}, 200);
clearInterval(collecting);
clearTimeout(givingUp);
process.stdout.write(`${JSON.stringify({ kind: result.kind, ms: Date.now() - startedAt })}\n`);
stalled.closeAllConnections();
stalled.close();
