// D7: a photo the server cannot accept is the customer's to fix (another file, a smaller or
// undamaged copy), so it is a domain error with a sentence they can act on, never a 500.
import { photoTypeMessage } from '../../../shared/customer-details';
import { DomainError } from '../../kernel/errors';

export type ImageRejectionReason = 'unsupported_type' | 'too_large' | 'unreadable';

export const IMAGE_REJECTION_MESSAGES: Record<ImageRejectionReason, string> = {
  unsupported_type: photoTypeMessage,
  too_large: 'This photo is too large to process (maximum 50 megapixels)',
  unreadable: 'This photo could not be read. It may be damaged or incomplete.',
};

/** The too-large sentence for a pixel limit other than the default 50 million. */
export function tooLargeMessage(maxPixels: number): string {
  return `This photo is too large to process (maximum ${Math.floor(maxPixels / 1_000_000)} megapixels)`;
}

export class ImageRejectedError extends DomainError {
  readonly userMessage: string;

  constructor(
    readonly reason: ImageRejectionReason,
    options?: { cause?: unknown; userMessage?: string },
  ) {
    const userMessage = options?.userMessage ?? IMAGE_REJECTION_MESSAGES[reason];
    // 422: the upload arrived intact; its content is what cannot be processed.
    super(422, 'image_rejected', userMessage);
    this.name = 'ImageRejectedError';
    this.userMessage = userMessage;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
