import { useSyncExternalStore } from 'react';
import { Alert } from '../../components/ui/alert';
import { dismissNotice, getNotices, subscribeNotices } from '../../lib/notices';

/** Where failed requests are reported (lost connection, server error); each notice can be closed. */
export function NoticeArea() {
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notice-area">
      {notices.map((notice) => (
        <Alert key={notice.id} variant="error" onDismiss={() => dismissNotice(notice.id)}>
          <p>{notice.message}</p>
        </Alert>
      ))}
    </div>
  );
}
