import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import type { RecordEditor } from '../hooks/use-record-editor';
import { listPath, type RecordResource } from '../kinds/resource';
import { EditorStatusBox } from './editor-status';
import '../master-data.css';
import { mayWrite } from '../utils/may-write';

interface EditPageFrameProps<T> {
  resource: RecordResource<T>;
  editor: RecordEditor<T>;
  /** False while data the form needs is still loading. */
  ready: boolean;
  /** A load error of the record or of the form's options. */
  error: Error | null;
  children: ReactNode;
}

/** Heading, back link, status boxes and the card that holds an edit form. */
export function EditPageFrame<T>({ resource, editor, ready, error, children }: EditPageFrameProps<T>) {
  usePageTitle(resource.editTitle);
  const canWrite = mayWrite(useCurrentUser(), resource.path);
  return (
    <section className="page page--narrow">
      <div className="page-header">
        <h1>{resource.editTitle}</h1>
        <Link to={listPath(resource.path)}>{L.backToList}</Link>
      </div>
      <EditorStatusBox
        status={editor.status}
        savedMessage={resource.savedMessage}
        deleteFailedMessage={resource.deleteFailedMessage}
      />
      {!canWrite && (
        <Alert variant="info">
          <p>{L.adminOnlyHint}</p>
        </Alert>
      )}
      {error ? (
        <Alert variant="error">
          <p>{error.message}</p>
        </Alert>
      ) : ready ? (
        <div className="card">{children}</div>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
