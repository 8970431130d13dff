// Issue 36 item 5: a submission's photos are counted and processed as each one's file lands,
// while the rest are still uploading, instead of all of them once the upload has ended. Over
// loopback the 100 MB of a 10-photo submission took 0.2–0.4 s on a quiet machine (and seconds on
// a busy one) before the first decode began; now the upload runs beside the decoding.
//
// It changes when the work starts, not what is decided: the fields sent ahead of the photos are
// checked before the first photo is received (receiveUpload's beforeFirstPhoto), every photo goes
// through the route's fair queue (PhotoWorkQueue.open: each photo is admitted as it lands, judged
// as admit() judges a whole submission), and the route still decides in the same order once the
// upload is whole: the details (400), the photos required (400), a replay, the queue's refusal
// (429/503), then each photo's own rejection (422). Work for a submission that is then refused
// is dropped from the queue (end()); photos already decoding finish and are thrown away.
import { unlink } from 'node:fs/promises';
import { ImageRejectedError, photoPixels, processImageFile, type PhotoWorkQueue, type ProcessedImage } from '../images';
import { photoEmptyMessage } from '../../../shared/customer-details';
import type { ReceivedPhoto } from './assessment-intake';

export interface PhotosAsTheyLand {
  /** receiveUpload's onPhoto: counts the photo and queues its processing. */
  landed(photo: ReceivedPhoto): void;
  /**
   * Once the upload is whole: the queue's refusal (429/503) if any photo was refused, else each
   * photo's processing, for createAssessment's processPhoto.
   */
  admitted(): Promise<(photo: ReceivedPhoto, index: number) => Promise<ProcessedImage>>;
  /** Drops whatever still waits for a slot and frees the submission's pixels (always, at the end). */
  end(): void;
}

export function processPhotosAsTheyLand(queue: PhotoWorkQueue, visitor: string, clientGone: AbortSignal): PhotosAsTheyLand {
  const ended = new AbortController();
  const admission = queue.open(visitor, AbortSignal.any([clientGone, ended.signal]));
  const counted: Promise<void>[] = [];
  const results: Promise<ProcessedImage>[] = [];
  let refusal: { error: unknown } | undefined;

  const processed = async (photo: ReceivedPhoto, count: Promise<number | undefined>): Promise<ProcessedImage> => {
    const index = await count;
    if (index === undefined) throw refusal!.error;
    // Its temporary file goes as soon as it has been read, while the others are decoded, so the
    // upload folder's removal after the last photo has little left to do.
    return admission.run(index, () => processImageFile(photo.path).finally(() => void unlink(photo.path).catch(() => {})));
  };

  return {
    landed(photo) {
      if (photo.bytes === 0) {
        // processPhotos refuses an empty file before asking for it; nothing to count or decode.
        results.push(Promise.reject(new ImageRejectedError('unreadable', { userMessage: photoEmptyMessage })));
      } else {
        const count = photoPixels(photo.path).then((pixels) => {
          if (refusal) return undefined;
          try {
            return admission.add([pixels]);
          } catch (error) {
            refusal = { error };
            ended.abort(); // the submission will be refused: its waiting photos give up their turn
            return undefined;
          }
        });
        counted.push(count.then(() => {}));
        results.push(processed(photo, count));
      }
      results.at(-1)!.catch(() => {}); // read (or dropped) once the upload is whole
    },
    async admitted() {
      await Promise.all(counted);
      if (refusal) throw refusal.error;
      return (_photo, index) => results[index]!;
    },
    end() {
      ended.abort();
      admission.release();
    },
  };
}
