import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { SEARCH_MAX_LENGTH } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { matchesQuery } from '../../../lib/record-search';
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

/**
 * 'Verfügbare Artikel' and its siblings: heading, the admins' add link, a search, the table. The search
 * narrows the loaded list as the pickers do (every word in number, name or address) and lives in the
 * URL (?search=), so the browser's back button from a record and a bookmark find the list as it was.
 */
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
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const all = records.data;
  const shown = useMemo(
    () =>
      all && search.trim() ? all.filter((record) => matchesQuery(resource.searchText(record), search)) : all,
    [all, search, resource],
  );
  const setSearch = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text) next.set('search', text);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );

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
      <ListSearch value={search} onChange={setSearch} shown={shown?.length} total={all?.length} />
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
        <RecordTable resource={resource} columns={columns} records={shown ?? []} labelledBy={headingId} />
      )}
    </section>
  );
}

function ListSearch({
  value,
  onChange,
  shown,
  total,
}: {
  value: string;
  onChange: (text: string) => void;
  shown: number | undefined;
  total: number | undefined;
}) {
  const id = useId();
  return (
    <div className="record-search">
      <SearchField
        id={id}
        label={L.listSearch}
        className="record-search__input"
        placeholder={L.listSearchPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {shown !== undefined && total !== undefined && (
        <p className="record-search__count" aria-live="polite">
          {L.listShownCount(shown, total)}
        </p>
      )}
    </div>
  );
}
