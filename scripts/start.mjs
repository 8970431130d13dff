// npm start: build the web app unless dist/web was built from the current sources, then run the
// server (which applies migrations and seeds demo data on an empty database).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { buildWebIfStale, webBuildIsCurrent } from './web-build.mjs';

// The start-up output is for a person (issue 33): the build's listing of every asset and page
// goes to a log file beside the data (DATA_DIR/logs), and the terminal gets a line or two.
if (!webBuildIsCurrent()) {
  const logFile = resolve(process.env.DATA_DIR?.trim() || 'data', 'logs', 'web-build.log');
  const shown = relative(process.cwd(), logFile);
  const where = shown && !shown.startsWith('..') && !isAbsolute(shown) ? shown : logFile;
  console.log(existsSync('dist/web/index.html') ? 'Web sources changed: rebuilding the web app (a minute or two)…' : 'Building the web app (first start, a minute or two)…');
  const started = Date.now();
  try {
    buildWebIfStale({ logFile });
  } catch (error) {
    const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n') : [];
    if (output.length > 0) console.error(output.slice(-30).join('\n'));
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const output = readFileSync(logFile, 'utf8');
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s; the build's output is in ${where}.`);
  const prerendered = output.split('\n').find((line) => line.startsWith('Prerendered '));
  if (prerendered) console.log(prerendered);
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
