import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_MAX_BYTES } from '@lp/domain/limits';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { UPLOAD_ACCEPT } from '@lp/domain/upload-columns';
import { cx } from '../../../lib/class-names';
import { formatFileSize } from '../utils/format-file-size';

export interface FileDropZoneProps {
  file: File | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  event.dataTransfer?.types.includes('Files') ?? false;

/**
 * The file chooser: a large button that opens the file dialog (mouse, Enter or Space) and takes a
 * file dropped on it. The native input stays hidden; the button is what users and screen readers see.
 */
export function FileDropZone({ file, disabled, onFiles }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const fileId = useId();
  useNoDropOutside();

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // Moving onto a child element also leaves the parent; only leaving the whole zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="file-drop">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={L.fileChooser}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same file again (after fixing it) must fire another change.
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={cx('file-drop__zone', dragging && 'file-drop__zone--active')}
        disabled={disabled}
        aria-describedby={`${hintId} ${fileId}`}
        onClick={() => input.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <UploadIcon />
        {dragging ? (
          <span className="file-drop__text">{L.dropZoneActive}</span>
        ) : (
          // Both wordings are rendered; the stylesheet shows the one that fits the screen (no dragging
          // on a phone), and the hidden one is no part of the button's name.
          <>
            <span className="file-drop__text file-drop__text--pointer">{L.dropZone}</span>
            <span className="file-drop__text file-drop__text--touch">{L.dropZoneTouch}</span>
          </>
        )}
      </button>
      <p className="file-drop__hint" id={hintId}>
        {L.dropZoneHint(UPLOAD_MAX_BYTES / (1024 * 1024))}
      </p>
      <p className="file-drop__file" id={fileId} aria-live="polite">
        {file && (
          <>
            {L.chosenFile} <strong className="file-drop__name">{file.name}</strong> (
            {formatFileSize(file.size)})
          </>
        )}
      </p>
    </div>
  );
}

/** A file dropped beside the zone would make the browser open it and leave the app. */
function useNoDropOutside() {
  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);
}

function UploadIcon() {
  return (
    <svg
      className="file-drop__icon"
      viewBox="0 0 24 24"
      width="36"
      height="36"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 15V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
