// Small line icons for the alert boxes, drawn on a 20×20 grid; decorative (the text carries meaning).
import type { AlertVariant } from './alert';

const paths: Record<AlertVariant, string> = {
  success: 'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-4 8.7 2.7 2.7L14.2 7.4',
  error: 'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM10 5.5v5.5M10 14v.5',
  warning: 'M10 2 1.8 17h16.4L10 2Zm0 5.5v4.5m0 2.5v.5',
  info: 'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM10 9v5.5M10 5.5V6',
};

export function AlertIcon({ variant }: { variant: AlertVariant }) {
  return (
    <svg
      className="alert__icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={paths[variant]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
