import { MAIL_AREA_LABELS as L } from '@lp/domain/labels';
import { Tabs } from '../../../components/ui/tabs';

const ITEMS = [
  { to: '/outbox', label: L.outbox, end: true },
  { to: '/outbox/reminders', label: L.reminderPlan },
] as const;

/** Postausgang and Erinnerungsplan: the admins' mail area (the header's "E-Mail"). */
export function MailTabs() {
  return <Tabs items={ITEMS} label={L.tabs} />;
}
