// The upload tab as a state machine: choose a file, send it (progress), the server checks it
// (overlay), then its answer. Pure, so the transitions are tested without a browser.
import { isSaved } from '@lp/domain/save-result';
import type { UploadResult } from '@lp/domain/upload-columns';

/** idle: nothing under way; sending: bytes travel; checking: all sent, the server works. */
export type UploadPhase = 'idle' | 'sending' | 'checking';

export interface UploadState {
  file: File | null;
  phase: UploadPhase;
  /** Percent of the file sent, while sending. */
  percent: number;
  /** The server's last answer about this file. */
  result: UploadResult | null;
  /** The whole file was refused (too large, unreadable, not one file …): one German sentence. */
  failure: string | null;
}

export type UploadAction =
  | { type: 'chosen'; file: File }
  | { type: 'refused'; message: string }
  | { type: 'started' }
  | { type: 'progressed'; loaded: number; total: number }
  | { type: 'sent' }
  | { type: 'answered'; result: UploadResult }
  | { type: 'failed'; message: string | null }
  /** An upload was undone in the list of recent uploads. */
  | { type: 'undone' };

export const INITIAL_UPLOAD_STATE: UploadState = {
  file: null,
  phase: 'idle',
  percent: 0,
  result: null,
  failure: null,
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'chosen':
      // A new file makes the last answer meaningless.
      return { ...INITIAL_UPLOAD_STATE, file: action.file };
    case 'refused':
      // Refused before sending: the file cannot be uploaded as it is, so it is no longer chosen.
      return { ...INITIAL_UPLOAD_STATE, failure: action.message };
    case 'started':
      return { ...state, phase: 'sending', percent: 0, result: null, failure: null };
    case 'progressed':
      if (state.phase !== 'sending' || action.total <= 0) return state;
      return { ...state, percent: Math.min(100, Math.floor((action.loaded / action.total) * 100)) };
    case 'sent':
      return state.phase === 'sending' ? { ...state, phase: 'checking', percent: 100 } : state;
    case 'answered':
      // Stored means done: the chooser starts over, the banner stays (spec section 4).
      return {
        ...state,
        phase: 'idle',
        result: action.result,
        file: isSaved(action.result) ? null : state.file,
      };
    case 'failed':
      return { ...state, phase: 'idle', failure: action.message };
    case 'undone':
      // The banner of a stored file would contradict the undo's own message beside it; an answer
      // with errors or warnings is about the chosen file and stays.
      return state.result && isSaved(state.result) ? { ...state, result: null } : state;
  }
}

/** Warnings shown: the upload button asks to check again, and the warnings may be ignored. */
export const hasWarnings = (state: UploadState) => (state.result?.warnings.length ?? 0) > 0;

/** Ignoring warnings makes sense only when nothing else is wrong with the file. */
export const canIgnoreWarnings = (state: UploadState) =>
  hasWarnings(state) && state.result?.errors.length === 0;

export const canUpload = (state: UploadState) => state.file !== null && state.phase === 'idle';
