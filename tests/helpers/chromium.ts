// How the browser tests start Debian's Chromium: headless, quiet, nothing fetched from outside.
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
