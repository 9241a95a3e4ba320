import { join } from 'node:path';
import { inject } from 'vitest';

/** What `node <file>` runs: the bundled server (as `npm start`) or one of its command-line tools
 * (`npm run operator`, `npm run reports`, `npm run db:migrate`), built once for the run by the global setup. */
export function bundled(name: 'start' | 'operator' | 'reports' | 'migrate'): string {
  return join(inject('serverBundleDir'), `${name}.js`);
}
