import { writeFileSync } from 'node:fs';
import { machinesMarkdown } from './machineDiagrams';

const markdown = await machinesMarkdown();
writeFileSync('docs/machines.md', markdown);
console.log(`Wrote docs/machines.md (${markdown.split('\n## ').length - 1} machines)`);
