import { Outlet } from 'react-router';
import { INPUT_LABELS } from '@lp/domain/labels';
import { Tabs } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { INPUT_TABS } from './input-tabs';
import './input-page.css';

const TAB_ITEMS = INPUT_TABS.map((tab) => ({ to: `/input/${tab.path}`, label: tab.label }));

/** Dateneingabe: one screen for /input/manual, /input/csv and /input/negative-report; the tab's panel below. */
export function InputPage() {
  usePageTitle(INPUT_LABELS.heading);
  return (
    <section className="page input-page">
      <h1>{INPUT_LABELS.heading}</h1>
      <Tabs items={TAB_ITEMS} label={INPUT_LABELS.tabs} />
      <Outlet />
    </section>
  );
}
