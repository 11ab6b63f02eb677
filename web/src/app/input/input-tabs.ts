// The tabs of the input screen (Dateneingabe), in the spec's order. The screen is composed here, in
// the app, because its tabs come from two features (bookings: Manuell and Leermeldung; upload: Datei
// hochladen) and features do not import each other. Each tab is a child route of /input whose panel
// loads on first visit; routes.tsx builds the routes and input-page.tsx the tab links from this one
// list, so a tab is added here and nowhere else.
import type { ComponentType } from 'react';
import { INPUT_LABELS } from '@lp/domain/labels';

export interface InputTab {
  /** The segment below /input. */
  path: string;
  label: string;
  loadPanel: () => Promise<{ Component: ComponentType }>;
}

export const INPUT_TABS: readonly InputTab[] = [
  {
    path: 'manual',
    label: INPUT_LABELS.manual,
    loadPanel: () =>
      import('../../features/bookings/components/input/manual-entry-panel').then((m) => ({
        Component: m.ManualEntryPanel,
      })),
  },
  {
    path: 'csv',
    label: INPUT_LABELS.upload,
    loadPanel: () =>
      import('../../features/upload/components/upload-panel').then((m) => ({ Component: m.UploadPanel })),
  },
  {
    path: 'negative-report',
    label: INPUT_LABELS.emptyReport,
    loadPanel: () =>
      import('../../features/bookings/components/input/empty-report-panel').then((m) => ({
        Component: m.EmptyReportPanel,
      })),
  },
];
