// npm start: build the web app when it is missing or older than its sources, then run the
// server (which applies migrations and seeds demo data on an empty database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const builtAt = existsSync('dist/web/index.html') ? statSync('dist/web/index.html').mtimeMs : 0;
const newestSource = Math.max(...['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'public', 'scripts/prerender.ts', 'scripts/prerender-site.ts'].map(newest));
if (newestSource > builtAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// MALLOC_ARENA_MAX: glibc gives every image thread its own malloc arena, and each keeps the
// memory it once held; two arenas keep a 10-photo submission's growth near 50 MB rather than
// near 300 MB (docs/decisions/0002). It must be set before the process starts, hence here.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

function newest(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}
