// The npm registry reachable here does not carry some of Tailwind's platform packages
// (Android, macOS, FreeBSD, Windows, WASM builds of @tailwindcss/oxide). `npm install` skips
// them as optional, but still lists them under @tailwindcss/oxide in package-lock.json, and
// `npm ci` then refuses the lockfile. Run this after any `npm install` that rewrites the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const path = 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
let removed = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    const installedAt = [`node_modules/${name}`, `${location}/node_modules/${name}`];
    if (!installedAt.some((key) => key in lock.packages)) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(removed ? `Removed ${removed} optional dependencies the lockfile has no entry for.` : 'The lockfile is consistent.');
