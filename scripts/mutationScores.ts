// Prints the mutation score per folder and overall from the reports scripts/mutation.sh leaves in
// reports/mutation/<folder>/mutation.json. Score = detected / (detected + undetected), where
// detected is killed or timed out and undetected is survived or not covered by any test, as Stryker
// counts it; compile and runtime errors and ignored mutants are left out.
import { existsSync, readFileSync } from 'node:fs';

// The machines and server/ are measured in parts (stryker.config.mjs); their rows add them up.
const FOLDERS: Record<string, string[]> = {
  machines: ['machines-chat', 'machines-games', 'machines-profile', 'machines-session', 'machines-settings', 'machines-social'],
  domain: ['domain'],
  services: ['services'],
  storage: ['storage'],
  server: ['server-http', 'server-members', 'server-ai', 'server-live', 'server-fakes', 'server-accounts'],
};

type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface Report { files: Record<string, { mutants: { status: MutantStatus }[] }> }

interface Tally { detected: number; undetected: number; survived: number; noCoverage: number }

function tally(report: Report): Tally {
  const counts: Tally = { detected: 0, undetected: 0, survived: 0, noCoverage: 0 };
  for (const file of Object.values(report.files)) {
    for (const { status } of file.mutants) {
      if (status === 'Killed' || status === 'Timeout') counts.detected += 1;
      if (status === 'Survived') { counts.undetected += 1; counts.survived += 1; }
      if (status === 'NoCoverage') { counts.undetected += 1; counts.noCoverage += 1; }
    }
  }
  return counts;
}

const percent = ({ detected, undetected }: Tally): string =>
  detected + undetected === 0 ? '   n/a' : ((100 * detected) / (detected + undetected)).toFixed(2).padStart(6);

const total: Tally = { detected: 0, undetected: 0, survived: 0, noCoverage: 0 };
const add = (into: Tally, counts: Tally) => {
  for (const key of Object.keys(into) as (keyof Tally)[]) into[key] += counts[key];
};
const row = (name: string, counts: Tally) =>
  console.log(`${name.padEnd(16)} ${percent(counts)} ${String(counts.detected).padStart(7)} ${String(counts.survived).padStart(8)} ${String(counts.noCoverage).padStart(8)}`);

console.log('\nfolder             score  killed survived no-cover');
for (const [folder, parts] of Object.entries(FOLDERS)) {
  const measured = parts.filter((part) => existsSync(`reports/mutation/${part}/mutation.json`));
  const missing = parts.filter((part) => !measured.includes(part));
  if (measured.length === 0) { console.log(`${folder.padEnd(16)} (not run: npm run mutation ${folder})`); continue; }
  const folderTotal: Tally = { detected: 0, undetected: 0, survived: 0, noCoverage: 0 };
  const partCounts = measured.map((part) => {
    const counts = tally(JSON.parse(readFileSync(`reports/mutation/${part}/mutation.json`, 'utf8')) as Report);
    add(folderTotal, counts);
    return [part, counts] as const;
  });
  add(total, folderTotal);
  row(missing.length ? `${folder} (partial)` : folder, folderTotal);
  if (parts.length > 1) for (const [part, counts] of partCounts) row(`  ${part}`, counts);
  for (const part of missing) console.log(`  ${part.padEnd(14)} (not run: npm run mutation ${part})`);
}
row('overall', total);
