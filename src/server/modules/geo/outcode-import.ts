// `npm run geo:import -- file.csv`: an operator's fresher list of postcode-district centres, in
// the shipped file's format (outcode,latitude,longitude, a header line first). The whole file is
// checked before anything is written; one bad line stops it with the line's number.
import type { Db } from '../../db/database';
import { upsertOutcodes } from './geo.repo';

export interface OutcodeRow {
  outcode: string;
  latitude: number;
  longitude: number;
}

const OUTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
// The UK with the Channel Islands and the Isle of Man, generously.
const UK = { minLat: 49, maxLat: 61.1, minLng: -8.8, maxLng: 2.1 };

/** Every row of the CSV, or the sentences naming each bad line (at most 10). */
export function parseOutcodeCsv(text: string): { rows: OutcodeRow[]; errors: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: OutcodeRow[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const number = index + 1;
    if (line.trim() === '') return;
    const cells = line.split(',').map((cell) => cell.trim());
    if (index === 0 && cells[0]?.toLowerCase() === 'outcode') return;
    if (cells.length !== 3) return void errors.push(`Line ${number}: expected outcode,latitude,longitude, found ${cells.length} value(s).`);
    const [rawOutcode, rawLat, rawLng] = cells as [string, string, string];
    const outcode = rawOutcode.toUpperCase();
    const latitude = Number(rawLat);
    const longitude = Number(rawLng);
    if (!OUTCODE.test(outcode)) errors.push(`Line ${number}: "${rawOutcode}" is not a UK postcode district (for example SW1A or M1).`);
    else if (seen.has(outcode)) errors.push(`Line ${number}: ${outcode} appears twice.`);
    else if (rawLat === '' || rawLng === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) errors.push(`Line ${number}: the latitude and longitude must be numbers.`);
    else if (latitude < UK.minLat || latitude > UK.maxLat || longitude < UK.minLng || longitude > UK.maxLng) errors.push(`Line ${number}: ${latitude}, ${longitude} is not in the UK.`);
    else {
      seen.add(outcode);
      rows.push({ outcode, latitude, longitude });
    }
  });
  if (rows.length === 0 && errors.length === 0) errors.push('The file has no districts in it.');
  return { rows, errors: errors.slice(0, 10) };
}

/** Upserts every row in one transaction: all or nothing. Answers how many were written. */
export async function importOutcodes(db: Db, rows: OutcodeRow[]): Promise<number> {
  await db.transaction((tx) => upsertOutcodes(tx, rows));
  return rows.length;
}
