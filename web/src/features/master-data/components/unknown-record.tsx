import { MESSAGES } from '@lp/domain/messages';
import { Link } from 'react-router';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { Alert } from '../../../components/ui/alert';
import { usePageTitle } from '../../../lib/use-page-title';
import { listPath, type RecordResource } from '../kinds/resource';

/** An edit page whose ?id= is neither 'new' nor a number. */
export function UnknownRecord<T>({ resource }: { resource: RecordResource<T> }) {
  usePageTitle(resource.editTitle);
  return (
    <section className="page page--narrow">
      <h1>{resource.editTitle}</h1>
      <Alert variant="error">
        <p>{MESSAGES.notFound}</p>
      </Alert>
      <Link to={listPath(resource.path)}>{L.backToList}</Link>
    </section>
  );
}
