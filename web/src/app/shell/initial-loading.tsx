import { Spinner } from '../../components/ui/spinner';

/** Shown once while the first screen's code loads. */
export function InitialLoading() {
  return (
    <div className="initial-loading">
      <Spinner size="large" />
    </div>
  );
}
