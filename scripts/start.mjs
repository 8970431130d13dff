// npm start: build the web app unless dist/web was built from the current sources, then run the
// server (which applies migrations and seeds demo data on an empty database).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebIfStale, webBuildIsCurrent } from './web-build.mjs';

if (!webBuildIsCurrent()) {
  console.log(existsSync('dist/web/index.html') ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  try {
    buildWebIfStale();
  } catch {
    process.exit(1);
  }
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
