// How the browser tests start Chromium: which build, and its flags (plain JavaScript:
// scripts/test.mjs asks it too).
//
// The build: CHROME_PATH when it is set; otherwise Debian's headless shell
// (chromium-headless-shell, the same Blink and V8 as Debian's chromium without the desktop
// browser around them, which is what Playwright's own headless runs use), then Debian's chromium.
// The browser tests need about a third less CPU on the headless shell
// (docs/notes/0006-test-suite-history.md, eleventh round).
import { existsSync } from 'node:fs';

export const chromiumCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The browser to drive, or null when none is installed. */
export function chromiumPath() {
  const configured = process.env.CHROME_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  return chromiumCandidates.find((path) => existsSync(path)) ?? null;
}

/** Headless, quiet, nothing fetched from outside. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
