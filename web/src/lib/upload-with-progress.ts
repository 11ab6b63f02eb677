// A multipart POST that reports how far the upload has got. fetch has no upload progress, so this
// one call uses XMLHttpRequest; token, errors, the 401 logout and the notices are the API client's.
import { apiHeaders, parseBody, refusedCall, unansweredCall } from './api-client';

export interface UploadProgressOptions {
  /** Bytes of the request body sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  /** The whole body has been sent; the server is working on the answer now. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** POSTs `body` to an API path; resolves with the parsed JSON answer, rejects like apiFetch. */
export function postWithProgress<T>(
  path: string,
  body: FormData,
  { onProgress, onSent, signal }: UploadProgressOptions = {},
): Promise<T> {
  const method = 'POST';
  return new Promise<T>((resolve, reject) => {
    const headers = apiHeaders(path); // throws for anything but a same-origin API path
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    // Upload listeners must be in place before send(), or the browser reports no progress.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => onSent?.());

    xhr.addEventListener('load', () => {
      const answer = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T);
      else reject(refusedCall(method, path, xhr.status, answer));
    });
    xhr.addEventListener('error', () => reject(unansweredCall(method, path, new Error('network error'))));
    xhr.addEventListener('timeout', () => reject(unansweredCall(method, path, new Error('timeout'))));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was aborted.', 'AbortError')));

    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
