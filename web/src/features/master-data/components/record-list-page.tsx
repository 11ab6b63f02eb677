import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { editPath, type Column, type RecordResource } from '../kinds/resource';
import { RecordTable } from './record-table';
import { mayWrite } from '../utils/may-write';
import { useDeletedNotice } from '../hooks/deleted-notice';

interface RecordListPageProps<T> {
  resource: RecordResource<T>;
  /** The whole list, from the kind's endpoint (api/get-articles.ts, …). */
  records: UseQueryResult<T[]>;
  /** Defaults to the resource's columns; the creditor list adds its urgency e-mail action. */
  columns?: readonly Column<T>[];
  /** A message above the table. */
  notice?: ReactNode;
}

/** 'Verfügbare Artikel' and its siblings: heading, the admins' add link, the table. */
export function RecordListPage<T>({
  resource,
  records,
  columns = resource.columns,
  notice,
}: RecordListPageProps<T>) {
  usePageTitle(resource.listTitle);
  const canWrite = mayWrite(useCurrentUser(), resource.path);
  const headingId = useId();
  const deleted = useDeletedNotice();

  return (
    <section aria-labelledby={headingId}>
      <div className="page-header">
        <h2 id={headingId}>{resource.listTitle}</h2>
        {canWrite && (
          <Link to={editPath(resource.path, 'new')} className="button button--primary button--small">
            {resource.addLabel}
          </Link>
        )}
      </div>
      {deleted.message && (
        <Alert variant="success" onDismiss={deleted.dismiss}>
          <p>{deleted.message}</p>
        </Alert>
      )}
      {notice}
      {records.isPending ? (
        <Spinner />
      ) : records.isError ? (
        <LoadFailed
          message={MESSAGES.listLoadFailed}
          error={records.error}
          onRetry={() => void records.refetch()}
          retrying={records.isFetching}
        />
      ) : (
        <RecordTable resource={resource} columns={columns} records={records.data} labelledBy={headingId} />
      )}
    </section>
  );
}
