// A local S3 for tests: s3rver (a real S3 HTTP API over files in a temporary folder), started
// on 127.0.0.1 by the test, in a child process (see s3rver-child.mjs for why).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../src/server/config/config';

// The SDK's notice that its 2027 releases need Node 22 (docs/decisions/0017) says nothing to a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const CHILD = fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url));

export interface LocalS3 {
  endpoint: string;
  /** A bucket made at start. */
  bucket: string;
  /** The settings that point the app at `bucket`. */
  env: Record<string, string>;
  config(bucket?: string): S3Config;
  /** A new empty bucket, so one test's objects never meet another's. */
  newBucket(): Promise<S3Config>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'autorevive-photos'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'autorevive-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', CHILD, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (name = bucket): S3Config => ({ bucket: name, endpoint, region: 'eu-west-2', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const admin = new S3Client({ ...config(), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    config,
    async newBucket() {
      const name = `test-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return config(name);
    },
    async close() {
      admin.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
