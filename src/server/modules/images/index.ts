// The images module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { createFileStore } from './create-file-store';
export { deleteFilesOfGoneRecords, DiskFileStore, type FileStore } from './file-store';
export { closeHeicWorkers } from './heic-decoder';
export { ImageRejectedError } from './image-errors';
export { DEFAULT_MAX_INPUT_PIXELS, DISPLAY_MAX_EDGE, FLATTEN_BACKGROUND, imageProcessingSlots, JPEG_OPTIONS, processImageFile, THUMB_MAX_EDGE, type ProcessedImage } from './image-process';
export { craftedPngHeader } from './image-test-helpers';
export { clientGone, photoPixels, photoQueueBusyMessage, PhotoWorkQueue, type PhotoAdmission } from './photo-work-queue';
export { migratePhotos } from './photos-migrate';
export { S3FileStore } from './s3-file-store';
export { photoFolder, storePhoto, storePhotos, writePhotoFiles, type StoredPhoto } from './store-photos';
