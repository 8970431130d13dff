// The backup and restore commands' shared shape: a function of its arguments, settings and
// output that answers an exit code, run as a process only when it is npm run's entry (a test
// imports the function and calls it in its own process).
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../../config/config';
import { BackupError } from './backup';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export type Command = (args: string[], env: Record<string, string | undefined>, out: Output) => Promise<number>;

/** Runs `command` with this process's arguments and settings when `moduleUrl` is the entry file. */
export function runWhenEntry(moduleUrl: string, command: Command): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  command(process.argv.slice(2), process.env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Our own refusals are sentences for a person; anything else is a bug, printed whole.
      console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
