import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { downloadTemplate } from '../api/download-template';

/** The two templates (CSV and Excel), fetched with the bearer token. */
export function TemplateLinks() {
  return (
    <div className="template-links">
      <p className="template-links__intro">{L.templatesIntro}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void downloadTemplate('csv')}
        >
          {L.templateCsv}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void downloadTemplate('xlsx')}
        >
          {L.templateXlsx}
        </button>
      </div>
    </div>
  );
}
