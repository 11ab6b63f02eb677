import { useId } from 'react';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';

/** How much of the file has been sent; the server's check then shows the full-page overlay. */
export function UploadProgress({ percent }: { percent: number }) {
  const id = useId();
  return (
    <div className="upload-progress">
      <label className="upload-progress__label" htmlFor={id}>
        <span>{L.sending}</span>
        <span className="upload-progress__percent">{percent} %</span>
      </label>
      <progress className="upload-progress__bar" id={id} max={100} value={percent}>
        {percent} %
      </progress>
    </div>
  );
}
