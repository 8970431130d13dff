// npm run photos:migrate: copies DATA_DIR/uploads into the bucket the S3_ settings name (see
// photos-migrate.ts). Prints what it found, copied and skipped; exits 1 naming each file that
// could not be copied (run it again: what was copied is skipped).
import { loadConfig } from '../../config/config';
import { DiskFileStore } from './file-store';
import { migratePhotos } from './photos-migrate';
import { S3FileStore } from './s3-file-store';

const config = loadConfig();
if (!config.s3) {
  console.error('Set S3_BUCKET (with S3_REGION or S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) to say which bucket to copy the photos into.');
  process.exit(1);
}
const source = new DiskFileStore(config.uploadsDir);
const target = new S3FileStore(config.s3);
try {
  console.log(`Copying photos from ${source.rootDir} to the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}…`);
  let reported = 0;
  const counts = await migratePhotos(source, target, {
    onProgress(progress) {
      const done = progress.copied + progress.failed.length;
      if (done - reported >= 500) {
        reported = done;
        console.log(`  ${done} files so far…`);
      }
    },
  });
  console.log(
    `${counts.found} files on disk: ${counts.copied} copied (${(counts.bytesCopied / 1_048_576).toFixed(1)} MB), ${counts.skipped} already in the bucket, ${counts.failed.length} failed.`,
  );
  if (counts.failed.length > 0) {
    for (const failure of counts.failed) console.error(`  ${failure.key}: ${failure.error}`);
    console.error('Run it again to copy what failed; what was copied is skipped.');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`The copy stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  target.close();
}
