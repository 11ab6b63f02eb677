import type { ReactNode } from 'react';
import type { AuditEntity } from '@lp/domain/audit';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { BackLink } from '../../../components/ui/back-link';
import type { ResourcePath } from '../../../api/master-data-keys';
import { AuditHistory } from '../../../components/audit-history/audit-history';
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
  /** Cards of the stored record beside its form (a user's second-factor reset). */
  extra?: ReactNode;
}

/** The audit trail's name of each kind. */
const AUDIT_ENTITY: Record<ResourcePath, AuditEntity> = {
  articles: 'article',
  creditors: 'creditor',
  debitors: 'debitor',
  users: 'user',
};

/** Heading, back link, status boxes, the card that holds an edit form and the record's history. */
export function EditPageFrame<T>({ resource, editor, ready, error, children, extra }: EditPageFrameProps<T>) {
  const title = editor.isNew ? resource.newTitle : resource.editTitle;
  usePageTitle(title);
  const canWrite = mayWrite(useCurrentUser(), resource.path);
  const stored = editor.record.data;
  return (
    <section className="page page--narrow">
      <div className="page-header">
        <h1>{title}</h1>
        <BackLink to={listPath(resource.path)} />
      </div>
      <EditorStatusBox
        status={editor.status}
        savedMessage={resource.savedMessage}
        createdMessage={resource.createdMessage}
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
        <>
          <div className="card">{children}</div>
          {!editor.isNew && extra}
          {!editor.isNew && stored !== undefined && (
            <AuditHistory entity={AUDIT_ENTITY[resource.path]} id={resource.keyOf(stored)} />
          )}
        </>
      ) : (
        <Spinner />
      )}
      {editor.dialog}
    </section>
  );
}
