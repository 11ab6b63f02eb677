import type { Creditor } from '@lp/domain/entities';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { useCreditors } from '../../../api/get-creditors';
import { Alert } from '../../../components/ui/alert';
import { useUrgencyMail } from '../hooks/use-urgency-mail';
import { creditorResource } from '../kinds/creditors';
import type { Column } from '../kinds/resource';
import { RecordListPage } from './record-list-page';
import { UrgencyMailButton } from './urgency-mail-button';

/** 'Verfügbare Kreditoren' with the urgency e-mail action in each row. */
export function CreditorListPage() {
  const creditors = useCreditors({ onlyActive: false });
  const urgency = useUrgencyMail();
  const urgencyColumn: Column<Creditor> = {
    header: L.urgencyMail,
    className: 'cell--nowrap',
    cell: (creditor) => (
      <UrgencyMailButton
        creditor={creditor}
        pending={urgency.pendingNumber === creditor.number}
        onCompose={urgency.compose}
      />
    ),
  };
  return (
    <RecordListPage
      resource={creditorResource}
      records={creditors}
      columns={[...creditorResource.columns, urgencyColumn]}
      notice={
        urgency.notice && (
          <Alert variant="warning" onDismiss={urgency.dismissNotice}>
            <p>{urgency.notice}</p>
          </Alert>
        )
      }
    />
  );
}
