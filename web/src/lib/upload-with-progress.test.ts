import { ACCESS_TOKEN_KEY } from './storage-keys';
import { MESSAGES } from '@lp/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-error';
import { dismissNotice, getNotices } from './notices';
import { storeSession } from './session';
import { postWithProgress } from './upload-with-progress';

/** A stand-in for XMLHttpRequest that records the request and lets the test play the network. */
class FakeXhr {
  static last: FakeXhr;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown) {
    this.upload.dispatchEvent(new Event('load'));
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

const user = { id: 1, emailAddress: 'a@example.org', isAdmin: false, isActive: true, creditorNumber: 70001 };
const form = () => {
  const body = new FormData();
  body.append('uploads[]', new File(['a;b'], 'buchungen.csv'));
  return body;
};

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  storeSession('token-1', user);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const notice of getNotices()) dismissNotice(notice.id);
});

describe('postWithProgress', () => {
  it('sends the form with the bearer token, reports progress and the end of the transfer', async () => {
    const onProgress = vi.fn();
    const onSent = vi.fn();
    const body = form();
    const answer = postWithProgress('/api/upload?checkForDuplicates=true', body, { onProgress, onSent });
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/upload?checkForDuplicates=true', body });
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    xhr.progress(50, 200);
    expect(onProgress).toHaveBeenCalledWith(50, 200);
    xhr.answer(200, { errors: [], warnings: [], count: 2 });
    expect(onSent).toHaveBeenCalledOnce();
    await expect(answer).resolves.toEqual({ errors: [], warnings: [], count: 2 });
  });

  it('signs out on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const answer = postWithProgress('/api/upload', form());
    FakeXhr.last.answer(401, { errors: [{ property: '', message: MESSAGES.unauthorized }] });
    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('rejects a refused file with the server message, without a notice', async () => {
    const errors = [{ property: '', message: 'Die Datei ist zu groß (höchstens 20 MB).' }];
    const answer = postWithProgress('/api/upload', form());
    FakeXhr.last.answer(413, { errors });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, errors, message: errors[0]!.message });
    expect(getNotices()).toEqual([]);
  });

  it('reports a lost connection as status 0 with the notice', async () => {
    const answer = postWithProgress('/api/upload', form());
    FakeXhr.last.fail();
    await expect(answer).rejects.toMatchObject({ status: 0, message: MESSAGES.serverUnreachable });
    expect(getNotices().map((n) => n.message)).toEqual([MESSAGES.serverUnreachable]);
  });

  it('aborts quietly when the signal fires', async () => {
    const controller = new AbortController();
    const answer = postWithProgress('/api/upload', form(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);
    expect(getNotices()).toEqual([]);
  });

  it('refuses anything but a same-origin API path, so the token cannot leak', async () => {
    await expect(postWithProgress('https://example.org/api/upload', form())).rejects.toThrow(
      'not an API path',
    );
  });
});
