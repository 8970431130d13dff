// Writes docs/lifecycles.md from src/shared/lifecycles: npx tsx scripts/lifecycle-docs.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lifecyclesDocument } from '../src/shared/lifecycles/diagram';

const target = fileURLToPath(new URL('../docs/lifecycles.md', import.meta.url));
writeFileSync(target, lifecyclesDocument());
console.log(`Wrote ${target}`);
