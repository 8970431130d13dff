// npm run geo:import -- file.csv (see outcode-import.ts). Writes to the database the settings
// name (DATABASE_URL, or the embedded one in DATA_DIR); exits 1 with each bad line, changing nothing.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { importOutcodes, parseOutcodeCsv } from './outcode-import';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run geo:import -- file.csv   (columns: outcode,latitude,longitude)');
  process.exit(1);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Could not read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const { rows, errors } = parseOutcodeCsv(text);
if (errors.length > 0) {
  console.error(`${file} was not imported; nothing changed:\n${errors.map((e) => `  ${e}`).join('\n')}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await runMigrations(database);
  console.log(`Imported ${await importOutcodes(database.db, rows)} postcode districts from ${file}.`);
} finally {
  await database.close();
}
