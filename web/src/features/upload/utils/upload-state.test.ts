import { describe, expect, it } from 'vitest';
import type { UploadResult } from '@lp/domain/upload-columns';
import {
  canIgnoreWarnings,
  canUpload,
  hasWarnings,
  INITIAL_UPLOAD_STATE,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-state';

const file = new File(['Rechnungsdatum;Rechnungsnummer\r\n'], 'buchungen.csv', { type: 'text/csv' });
const other = new File(['x'], 'neu.csv');
const row = (rowNumber: number) => ({ property: 'Nettobetrag', message: 'Pflichtfeld.', rowNumber });
const withErrors: UploadResult = { errors: [row(3)], warnings: [], count: 0 };
const withWarnings: UploadResult = { errors: [], warnings: [row(2)], count: 0 };
const stored: UploadResult = { errors: [], warnings: [], count: 1234 };

const run = (...actions: UploadAction[]): UploadState => actions.reduce(uploadReducer, INITIAL_UPLOAD_STATE);

describe('uploadReducer', () => {
  it('can upload only once a file is chosen and nothing is under way', () => {
    expect(canUpload(INITIAL_UPLOAD_STATE)).toBe(false);
    expect(canUpload(run({ type: 'chosen', file }))).toBe(true);
    expect(canUpload(run({ type: 'chosen', file }, { type: 'started' }))).toBe(false);
  });

  it('goes from sending with progress to checking to the answer', () => {
    let state = run({ type: 'chosen', file }, { type: 'started' });
    expect(state).toMatchObject({ phase: 'sending', percent: 0 });
    state = uploadReducer(state, { type: 'progressed', loaded: 333, total: 1000 });
    expect(state.percent).toBe(33);
    state = uploadReducer(state, { type: 'sent' });
    expect(state).toMatchObject({ phase: 'checking', percent: 100 });
    state = uploadReducer(state, { type: 'answered', result: withErrors });
    expect(state).toMatchObject({ phase: 'idle', result: withErrors, file });
  });

  it('ignores progress that arrives after the bytes were sent', () => {
    const state = run({ type: 'chosen', file }, { type: 'started' }, { type: 'sent' });
    expect(uploadReducer(state, { type: 'progressed', loaded: 1, total: 2 })).toBe(state);
  });

  it('offers to ignore warnings only when there are no errors', () => {
    const warned = run(
      { type: 'chosen', file },
      { type: 'started' },
      { type: 'answered', result: withWarnings },
    );
    expect(hasWarnings(warned)).toBe(true);
    expect(canIgnoreWarnings(warned)).toBe(true);
    const both = uploadReducer(warned, {
      type: 'answered',
      result: { ...withWarnings, errors: [row(4)] },
    });
    expect(hasWarnings(both)).toBe(true);
    expect(canIgnoreWarnings(both)).toBe(false);
  });

  it('clears the chosen file after storing and keeps the count for the banner', () => {
    const state = run({ type: 'chosen', file }, { type: 'started' }, { type: 'answered', result: stored });
    expect(state.file).toBeNull();
    expect(state.result?.count).toBe(1234);
    expect(canUpload(state)).toBe(false);
  });

  it("drops the stored file's banner when an upload is undone, but not an answer with errors or warnings", () => {
    const saved = run({ type: 'chosen', file }, { type: 'started' }, { type: 'answered', result: stored });
    expect(uploadReducer(saved, { type: 'undone' }).result).toBeNull();
    const refused = run(
      { type: 'chosen', file },
      { type: 'started' },
      { type: 'answered', result: withErrors },
    );
    expect(uploadReducer(refused, { type: 'undone' })).toBe(refused);
    const warned = run(
      { type: 'chosen', file },
      { type: 'started' },
      { type: 'answered', result: withWarnings },
    );
    expect(uploadReducer(warned, { type: 'undone' })).toBe(warned);
  });

  it('clears the last answer when a new file is chosen', () => {
    const state = run(
      { type: 'chosen', file },
      { type: 'started' },
      { type: 'answered', result: withErrors },
    );
    expect(uploadReducer(state, { type: 'chosen', file: other })).toEqual({
      ...INITIAL_UPLOAD_STATE,
      file: other,
    });
  });

  it('drops a file refused before sending and shows why', () => {
    const state = run({ type: 'chosen', file }, { type: 'refused', message: 'Zu groß.' });
    expect(state).toEqual({ ...INITIAL_UPLOAD_STATE, failure: 'Zu groß.' });
  });

  it('keeps the file after a failed request, so it can be sent again', () => {
    const state = run({ type: 'chosen', file }, { type: 'started' }, { type: 'failed', message: 'Nein.' });
    expect(state).toMatchObject({ phase: 'idle', file, failure: 'Nein.', result: null });
    expect(uploadReducer(state, { type: 'started' }).failure).toBeNull();
  });
});
