// The npm run commands' shared shape (backup, restore, admin:create): a function of its
// arguments, settings and output that answers an exit code, run as a process only when it is npm
// run's entry (a test imports the function and calls it in its own process).
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../../config/config';
import { BackupError } from './backup';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export type Command = (args: string[], env: Record<string, string | undefined>, out: Output) => Promise<number>;

/** Whether `moduleUrl` is the file this process was started with (npm run's entry). */
export function isEntry(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}

/** Runs `command` with this process's arguments and settings when `moduleUrl` is the entry file. */
export function runWhenEntry(moduleUrl: string, command: Command): void {
  if (isEntry(moduleUrl)) runCommand(command, process.env);
}

/** Runs `command` as this process: its arguments, `env`, the console; exits with its code. */
export function runCommand(command: Command, env: Record<string, string | undefined>): void {
  command(process.argv.slice(2), env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Our own refusals are sentences for a person; anything else is a bug, printed whole.
      console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
