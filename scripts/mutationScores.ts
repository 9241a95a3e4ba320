// Prints the mutation score per folder and overall from the reports scripts/mutation.sh leaves in
// reports/mutation/<folder>/mutation.json. Score = detected / (detected + undetected), where
// detected is killed or timed out and undetected is survived or not covered by any test, as Stryker
// counts it; compile and runtime errors and ignored mutants are left out.
import { existsSync, readFileSync } from 'node:fs';

const FOLDERS = ['machines', 'domain', 'services', 'storage', 'server'] as const;

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
console.log('\nfolder      score  killed survived no-cover');
for (const folder of FOLDERS) {
  const path = `reports/mutation/${folder}/mutation.json`;
  if (!existsSync(path)) { console.log(`${folder.padEnd(9)}  (not run: npm run mutation ${folder})`); continue; }
  const counts = tally(JSON.parse(readFileSync(path, 'utf8')) as Report);
  for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += counts[key];
  console.log(`${folder.padEnd(9)} ${percent(counts)} ${String(counts.detected).padStart(7)} ${String(counts.survived).padStart(8)} ${String(counts.noCoverage).padStart(8)}`);
}
console.log(`${'overall'.padEnd(9)} ${percent(total)} ${String(total.detected).padStart(7)} ${String(total.survived).padStart(8)} ${String(total.noCoverage).padStart(8)}`);
