import { ApiError } from '../../../lib/api';

/** The request never reached the server, or its answer never came back. */
export class UploadNetworkError extends Error {
  override readonly name = 'UploadNetworkError';
  constructor() {
    super('We could not reach our server. Please check your connection and try again.');
  }
}

type UploadOptions = {
  headers?: Record<string, string>;
  onUploadProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * POSTs a FormData body with XMLHttpRequest, which (unlike fetch) reports upload progress; the
 * answer is typed as `T`, its route's schema's output.
 * Errors match lib/api.ts: a non-OK answer is an ApiError carrying the server's message.
 */
export function postMultipart<T>(url: string, body: FormData, { headers = {}, onUploadProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(xhr.responseText);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, 'The server sent an answer we could not read.'));
          return;
        }
        // Read as its route's schema types it, not parsed in the browser (as every customer
        // screen reads its answers, apiJsonAs in lib/api.ts): the wizard loads no zod for it (issue 36).
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 0) {
        reject(new UploadNetworkError());
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new UploadNetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    function abort() {
      xhr.abort();
    }
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
