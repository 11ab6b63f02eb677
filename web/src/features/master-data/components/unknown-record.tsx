import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { BackLink } from '../../../components/ui/back-link';
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
      <BackLink to={listPath(resource.path)} />
    </section>
  );
}
