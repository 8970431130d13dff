// npm test: the one command that checks everything, exactly as CI runs it (STYLE habit 13):
// type check, lint, unit and integration tests, a production build, then browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'autorevive-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) finish(`${title} failed`);
}

function vitest(title, projects, report) {
  const file = join(reports, `${report}.json`);
  console.log(`\n━━ ${title} ━━`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  }
  if (result.status !== 0) finish(`${title} failed`);
}

function finish(problem) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n${problem ? `✗ ${problem}` : '✓ all checks passed'} in ${seconds} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(problem || totals.failed > 0 ? 1 : 0);
}

step('Type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('Lint', 'npx', ['eslint', '.', '--max-warnings=0']);
vitest('Unit and integration tests', ['unit', 'integration', 'security'], 'unit');
step('Production build', 'npm', ['run', '--silent', 'build']);

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) {
  vitest('Browser tests', ['e2e'], 'e2e');
} else {
  console.log(`\n${'!'.repeat(78)}\n!! NO CHROMIUM at ${chromium}: the BROWSER TESTS WERE SKIPPED.\n!! Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.\n${'!'.repeat(78)}`);
}
finish();
