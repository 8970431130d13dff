// Two instances started at the same moment on a new PostgreSQL database (a first deployment with
// two app servers, or a restart of both): both come up. Migrations take turns under an advisory
// lock, and so does the job queue's start, since pg-boss installs its own schema on its first
// start and a second install at the same moment failed on the schema's name (a crash at start-up,
// found by a review running two instances).
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { startJobQueue } from '../../src/server/plugins/jobs';
import { serverDatabaseAvailable } from '../helpers/app';

const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;

describe.skipIf(!serverDatabaseAvailable())('two instances starting together on a new database (server)', () => {
  it('both migrate and start their job queue, in turns', async () => {
    const server = new URL(inject('serverTemplate')!);
    for (let round = 0; round < 3; round++) {
      const name = `autorevive_start_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: new URL('/postgres', server).toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(`/${name}`, server).toString();
      const instances = [await openDatabase({ databaseUrl: url }), await openDatabase({ databaseUrl: url })];
      try {
        const queues = await Promise.all(instances.map(async (database) => (await runMigrations(database), startJobQueue(database, silent, { runWorkers: false }))));
        expect(queues).toHaveLength(2);
        for (const queue of queues) await queue.stop();
      } finally {
        for (const database of instances) await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }, 60_000);
});
