import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The bounded wait of an outside call must survive garbage collection: Node holds an
// AbortSignal.timeout weakly, and one collected while a body was still arriving never fired, so a
// stalled provider held the request for good. The call runs in its own process, where collections
// can be forced (--expose-gc).

function stalledCallResult(): Promise<{ kind: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/server/support/stalledUpstreamCall.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { kind: string; ms: number }) : reject(new Error(`exited with ${String(code)}: ${out}`))));
  });
}

describe('an outside call whose body stalls while the server collects garbage', () => {
  it('still runs out at its 200 ms wait and comes to a timeout', async () => {
    const result = await stalledCallResult();
    // A lost timer gives 'still waiting' (the script stops waiting after 5 s).
    expect(result.kind).toBe('timeout');
  }, 20_000);
});
