// Only starts the app: parse settings, build, seed demo data on an empty database, listen,
// and shut down gracefully.
import { buildApp } from './app';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, localUrl } from './config/config';
import { seedDemoDataIfEmpty } from './db/seed';
import { networkFigureOf } from './modules/repairers';
import { closeControlSocket, startControlSocket } from './modules/backup';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  if (config.seedDemoData) {
    const seeded = await seedDemoDataIfEmpty(app.deps.database.db);
    if (seeded) {
      networkFigureOf(app.deps.database).invalidate(); // the seed adds repairers
      printDemoAccounts(seeded);
    }
  }

  // `npm run backup` asks the process that has the embedded database open (issue 14).
  const control = app.deps.database.kind === 'pglite' ? await startControlSocket(app.deps.database, config) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    if (control) await closeControlSocket(control);
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  console.log(`\n${runningAt(config.publicUrl, config.host, app.server.address())}\n`);
}

/**
 * The address to open (issue 33): PUBLIC_URL, or without it the address the server was started on
 * (config.ts's localUrl). When that is not where this server listens (a proxy in front, PORT=0),
 * the listening address too.
 */
function runningAt(publicUrl: string, host: string, address: AddressInfo | string | null): string {
  const line = `AutoRevive is running at ${publicUrl}`;
  if (!address || typeof address === 'string') return line;
  let listening: string | null = null;
  try {
    listening = localUrl(host, address.port);
  } catch {
    // A HOST no URL can hold (an IPv6 zone): PUBLIC_URL is set, and says where to go.
  }
  return new URL(publicUrl).origin === listening ? line : `${line} (this server listens on ${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${address.port})`;
}

function printDemoAccounts(accounts: { role: string; email: string; password: string; label: string }[]) {
  console.log('\nDemo data created. Sign in at /sign-in with these accounts (shown only this once):');
  for (const account of accounts) console.log(`  ${account.label.padEnd(24)} ${account.email.padEnd(42)} ${account.password}`);
  console.log('Create another admin with: npm run admin:create -- --email you@example.com (on the embedded database, stop the product first)\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
