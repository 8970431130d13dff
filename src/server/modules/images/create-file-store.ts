// The store the settings name: an S3-compatible bucket when S3_BUCKET is set (issue 14),
// otherwise files under DATA_DIR/uploads (ARCHITECTURE: the embedded default).
import type { AppConfig } from '../../config/config';
import { DiskFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

export function createFileStore(config: Pick<AppConfig, 's3' | 'uploadsDir'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new DiskFileStore(config.uploadsDir);
}
