import { useState } from 'react';
import { FILE_NAMES, masterDataFileName } from '@lp/domain/file-names';
import { todayIsoDay } from '@lp/domain/dates';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { SpinnerOverlay } from '../../../components/ui/spinner-overlay';
import { useCurrentUser } from '../../../lib/current-user';
import { downloadFile } from '../../../lib/download';

/**
 * The hub's downloads, in one place under its title above every list: who may export master data
 * (admins) gets all master data (xlsx, dated) and the article list (Artikel.csv), everyone else the
 * debitor list (xlsx) with a line saying what it holds.
 * Fetched with the bearer token (downloadFile); the overlay shows while the file is prepared.
 */
export function ExportLinks() {
  const exportsMasterData = POLICIES['masterData:export'](useCurrentUser());
  const [exporting, setExporting] = useState(false);

  async function download(path: string, fileName: string) {
    setExporting(true);
    try {
      await downloadFile(path, fileName);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="export-panel">
      {exportsMasterData ? (
        <>
          <button
            type="button"
            className="button button--link"
            onClick={() => void download('/api/management/export', masterDataFileName(todayIsoDay()))}
          >
            {L.exportMasterData}
          </button>
          <button
            type="button"
            className="button button--link"
            onClick={() => void download('/api/articles/export', FILE_NAMES.articles)}
          >
            {L.exportArticles}
          </button>
        </>
      ) : (
        <>
          <p>{L.exportDebitorsHint}</p>
          <button
            type="button"
            className="button button--link"
            onClick={() => void download('/api/debitors/export', FILE_NAMES.debitors)}
          >
            {L.exportDebitors}
          </button>
        </>
      )}
      {exporting && <SpinnerOverlay label={L.exporting} />}
    </div>
  );
}
