import type { Creditor } from '@lp/domain/entities';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { useCreditors } from '../../../api/get-creditors';
import { Alert } from '../../../components/ui/alert';
import { UrgencyMailButton } from '../../../components/urgency-mail/urgency-mail-button';
import { useUrgencyMail } from '../../../components/urgency-mail/use-urgency-mail';
import { creditorResource } from '../kinds/creditors';
import type { Column } from '../kinds/resource';
import { RecordListPage } from './record-list-page';

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
