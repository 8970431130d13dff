// npm test: the one command that checks everything, exactly as CI runs it (STYLE habit 13):
// type check, lint, unit and integration tests, a production build, then browser tests.
//
// Three lanes run side by side (docs/decisions/0006-a-test-suite-that-stays-fast.md): type
// check then lint; unit and integration tests; the build (skipped when dist/web is current).
// The browser tests start once all three have passed, with the machine to themselves: started
// beside the unit and integration lane (tried twice in issue 8), the suite was no faster and
// timing tests failed on 2 cores. A lane's output is printed whole when it ends, so lanes
// never interleave. The time of each stage is printed at the end; the last line is always the
// test count.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumCandidates, chromiumPath } from '../tests/helpers/chromium.mjs';

// TEST_REPORTS=<dir> keeps Vitest's JSON reports (per-file and per-test durations) there.
const keepReports = process.env.TEST_REPORTS;
if (keepReports) mkdirSync(keepReports, { recursive: true });
if (keepReports) rmSync(join(keepReports, 'file-cpu.jsonl'), { force: true }); // this run's files only
const reports = keepReports || mkdtempSync(join(tmpdir(), 'autorevive-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
/** @type {{ title: string, seconds: number, status: string }[]} */
const timings = [];
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Runs one stage with its output captured; resolves with whether it passed. */
function stage(title, command, args, { report, nice = 0 } = {}) {
  const begun = Date.now();
  console.log(`▶ ${title}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...colour }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    if (nice) {
      try {
        setPriority(child.pid, nice); // inherited by what npx starts
      } catch {
        // not permitted here: run at normal priority
      }
    }
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - begun) / 1000;
      if (report && existsSync(report)) {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        totals.passed += json.numPassedTests;
        totals.failed += json.numFailedTests;
        totals.skipped += json.numPendingTests + json.numTodoTests;
      }
      const status = signal ? 'stopped' : code === 0 ? 'passed' : 'failed';
      timings.push({ title, seconds, status });
      if (signal) return resolve(false); // stopped because another stage failed: its output is noise
      console.log(`\n━━ ${title} ━━ (${status}, ${seconds.toFixed(0)} s)`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

function vitest(title, projects, name, { nice = 0 } = {}) {
  const report = join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return stage(title, 'npx', args, { report, nice });
}

/** A lane: its stages one after another, stopping at the first that fails. */
async function lane(...stages) {
  for (const run of stages) if (!(await run())) return false;
  return true;
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the whole group: npx, node and its workers
    } catch {
      // already gone
    }
  }
}

/** With TEST_REPORTS: each project's worker CPU and the heaviest files (tests/setup/file-cpu.ts). */
function cpuSummary() {
  const path = join(reports, 'file-cpu.jsonl');
  if (!keepReports || !existsSync(path)) return;
  const files = readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const projectOf = (file) => /\/tests\/(integration|security|e2e)\//.exec(file)?.[1] ?? 'unit';
  const byProject = new Map();
  for (const f of files) {
    const p = byProject.get(projectOf(f.file)) ?? { cpu: 0, files: 0, workers: new Set() };
    p.cpu += f.cpuSeconds;
    p.files += 1;
    p.workers.add(f.pid);
    byProject.set(projectOf(f.file), p);
  }
  console.log('\nWorker CPU (tests/setup/file-cpu.ts; e2e leaves out Chromium and the lanes\' servers):');
  for (const [name, p] of byProject) console.log(`  ${name.padEnd(12)} ${p.cpu.toFixed(0).padStart(5)} CPU-s  ${String(p.files).padStart(4)} files  ${String(p.workers.size).padStart(3)} worker processes`);
  console.log('Heaviest files (CPU-s, wall s):');
  for (const f of files.sort((a, b) => b.cpuSeconds - a.cpuSeconds).slice(0, 15)) console.log(`  ${f.cpuSeconds.toFixed(1).padStart(6)} ${f.wallSeconds.toFixed(1).padStart(6)}  ${f.file.replace(`${process.cwd()}/`, '')}`);
}

function finish(problem) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  cpuSummary();
  console.log('\nStage times:');
  for (const t of timings) console.log(`  ${t.title.padEnd(28)} ${t.seconds.toFixed(0).padStart(4)} s  ${t.status}`);
  console.log(`  ${'Wall clock'.padEnd(28)} ${seconds.padStart(4)} s`);
  if (!keepReports) rmSync(reports, { recursive: true, force: true });
  console.log(`\n${problem ? `✗ ${problem}` : '✓ all checks passed'} in ${seconds} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(problem || totals.failed > 0 ? 1 : 0);
}

process.on('SIGINT', () => {
  stopAll();
  finish('interrupted');
});

const chromium = chromiumPath();
const nowhere = process.env.CHROME_PATH || chromiumCandidates.join(' or ');
const browserLane = () =>
  chromium
    ? vitest('Browser tests', ['e2e'], 'e2e')
    : (console.log(`\n${'!'.repeat(78)}\n!! NO CHROMIUM at ${nowhere}: the BROWSER TESTS WERE SKIPPED.\n!! Install Debian's headless shell (apt-get install chromium-headless-shell) or set CHROME_PATH.\n${'!'.repeat(78)}`), Promise.resolve(true));
const lanes = [
  lane(
    () => stage('Type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { nice: 10 }),
    () => stage('Lint', 'npx', ['eslint', '.', '--max-warnings=0'], { nice: 10 }),
  ),
  lane(() => vitest('Unit and integration tests', ['unit', 'integration', 'security'], 'unit', { nice: 5 })),
  lane(() => stage('Production build', process.execPath, ['scripts/web-build.mjs'])),
];
// The first lane to fail stops the others: npm test fails fast, as it always has.
const firstFailure = new Promise((resolve) => lanes.forEach((l) => l.then((ok) => ok || resolve())));
await Promise.race([Promise.all(lanes), firstFailure.then(stopAll)]);
const failed = timings.find((t) => t.status === 'failed');
if (failed) finish(`${failed.title} failed`);
// The browser tests run last, with the machine to themselves: started beside the unit and
// integration lane on 2 cores, the suite took longer and timing tests failed on both sides
// (docs/notes/0006-test-suite-history.md, fourth round).
if (!(await browserLane())) finish('Browser tests failed');
finish();
