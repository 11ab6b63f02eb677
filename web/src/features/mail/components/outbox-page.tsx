// Postausgang (/outbox, admins): every mail the portal wrote, with state, attempts, error and text.
import { useState } from 'react';
import { formatDateTime } from '@lp/domain/dates';
import { OUTBOX_LABELS as L } from '@lp/domain/labels';
import { OUTBOX_PAGE_SIZE } from '@lp/domain/limits';
import { MAIL_KIND_LABELS, MAIL_STATE_LABELS, type OutboxItem } from '@lp/domain/mail';
import { MESSAGES } from '@lp/domain/messages';
import { POLICIES } from '@lp/domain/policies';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOutbox, useOutboxMail } from '../api/outbox';
import { MailTabs } from './mail-tabs';

export function OutboxPage() {
  usePageTitle(L.heading);
  const allowed = POLICIES['mail:read'](useCurrentUser());
  return (
    <section className="page">
      <h1>{L.heading}</h1>
      {allowed && <MailTabs />}
      {allowed ? (
        <OutboxList />
      ) : (
        <Alert variant="error">
          <p>{MESSAGES.forbidden}</p>
        </Alert>
      )}
    </section>
  );
}

function OutboxList() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const outbox = useOutbox(page);
  if (outbox.isPending) return <Spinner />;
  if (outbox.isError)
    return (
      <Alert variant="error">
        <p>{outbox.error.message}</p>
      </Alert>
    );
  const pages = Math.max(1, Math.ceil(outbox.data.total / OUTBOX_PAGE_SIZE));
  return (
    <>
      <p>{L.intro}</p>
      <div className="table-wrapper">
        <table className="data-table" aria-label={L.heading}>
          <thead>
            <tr>
              <th scope="col">{L.createdAt}</th>
              <th scope="col">{L.kind}</th>
              <th scope="col">{L.to}</th>
              <th scope="col">{L.subject}</th>
              <th scope="col">{L.state}</th>
              <th scope="col" className="cell--number">
                {L.attempts}
              </th>
              <th scope="col">{L.sentAt}</th>
              <th scope="col">{L.error}</th>
            </tr>
          </thead>
          <tbody>
            {outbox.data.items.length === 0 ? (
              <tr>
                <td colSpan={8} className="table-empty">
                  {L.empty}
                </td>
              </tr>
            ) : (
              outbox.data.items.map((mail) => (
                <OutboxRow
                  key={mail.id}
                  mail={mail}
                  open={open === mail.id}
                  onToggle={() => setOpen(open === mail.id ? null : mail.id)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Seiten" className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Zurück
          </button>
          <span>
            Seite {page} von {pages}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Weiter
          </button>
        </nav>
      )}
    </>
  );
}

function OutboxRow({ mail, open, onToggle }: { mail: OutboxItem; open: boolean; onToggle: () => void }) {
  return (
    <>
      <tr>
        <td>{formatDateTime(mail.createdAt)}</td>
        <td>{MAIL_KIND_LABELS[mail.kind]}</td>
        <td>{mail.to.join(', ')}</td>
        <td>
          <button type="button" className="button button--link" aria-expanded={open} onClick={onToggle}>
            {mail.subject}
          </button>
        </td>
        <td>{MAIL_STATE_LABELS[mail.state]}</td>
        <td className="cell--number">{mail.attempts}</td>
        <td>{mail.sentAt ? formatDateTime(mail.sentAt) : ''}</td>
        <td>{mail.error ?? ''}</td>
      </tr>
      {open && (
        <tr>
          <td colSpan={8}>
            <MailText id={mail.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function MailText({ id }: { id: number }) {
  const mail = useOutboxMail(id);
  if (mail.isPending) return <Spinner size="small" />;
  if (mail.isError) return <p>{mail.error.message}</p>;
  return <pre className="outbox__text">{mail.data.text}</pre>;
}
