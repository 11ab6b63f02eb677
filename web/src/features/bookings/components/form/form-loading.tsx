import { Spinner } from '../../../../components/ui/spinner';

/** Shown instead of a booking form until its selects can offer their choices. */
export function FormLoading() {
  return (
    <div className="card form-loading">
      <Spinner />
    </div>
  );
}
