import { useEffect, useMemo, useRef, useState } from 'react';
import { REPAIR_LABELS as L } from '@lp/domain/labels';
import type { Actor } from '@lp/domain/policies';
import type { UploadResult } from '@lp/domain/upload-columns';
import type { ColumnMapping, UploadSheet } from '@lp/domain/upload-sheet';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-error';
import { Spinner } from '../../../components/ui/spinner';
import { readUploadSheet } from '../api/read-upload-sheet';
import { rememberColumnMapping } from '../api/remember-column-mapping';
import { useUploadRows } from '../api/upload-rows';
import {
  columnMappedTwice,
  columnsOf,
  missingColumns,
  placeMessages,
  recognisedMapping,
  rowsWithMessages,
} from '../utils/repair-rows';
import { ColumnMappingForm } from './column-mapping';
import { MessageGroups } from './message-groups';
import { RepairGrid } from './repair-grid';
import { useRepairRows } from '../hooks/use-repair-rows';

export interface RepairPanelProps {
  file: File;
  /** The upload's answer with its errors. */
  result: UploadResult;
  user: Actor;
  /** The corrected rows were stored (a batch, as a file is). */
  onImported: (result: UploadResult) => void;
  onDiscard: () => void;
  /** The rows were checked from the table: its messages take the place of the upload's list. */
  onChecked?: () => void;
}

const NONE: UploadResult['errors'] = [];

/**
 * The server's German reason for refusing the rows (400 malformed, 413, 429 busy …). A 401 has signed
 * the user out, and a lost connection or a server error has shown the shell's notice: nothing more.
 */
function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401)
    return null;
  return error.errors[0]?.message ?? error.message;
}

type Load =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; sheet: UploadSheet; result: UploadResult };

/** After an upload with errors: the file's rows, loaded once, corrected here and imported as rows. */
export function RepairPanel({ file, result, user, onImported, onDiscard, onChecked }: RepairPanelProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    readUploadSheet(file, controller.signal).then(
      (sheet) => setLoad({ status: 'ready', sheet, result }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('Reading the upload sheet failed', error);
          setLoad({ status: 'failed' });
        }
      },
    );
    return () => controller.abort();
    // A new answer about the file (uploaded again) starts the table over.
  }, [file, result]);

  return (
    <section className="repair card" aria-labelledby="repair-heading">
      <h2 id="repair-heading" className="repair__heading">
        {L.heading}
      </h2>
      {load.status === 'loading' && (
        <p className="repair__loading">
          <Spinner size="small" label={L.loading} showLabel />
        </p>
      )}
      {load.status === 'failed' && <p>{L.unavailable}</p>}
      {load.status === 'ready' && (
        <RepairEditor
          fileName={file.name}
          sheet={load.sheet}
          result={load.result}
          user={user}
          onImported={onImported}
          onDiscard={onDiscard}
          onChecked={onChecked}
        />
      )}
    </section>
  );
}

interface RepairEditorProps extends Omit<RepairPanelProps, 'file'> {
  fileName: string;
  sheet: UploadSheet;
}

/** The mapping the file needs before its rows can be checked: its own headers, or what the user chose. */
function initialMapping(
  sheet: UploadSheet,
  user: Actor,
): { mapping: ColumnMapping; ask: boolean; remembered: boolean } {
  const recognised = recognisedMapping(sheet.headers);
  if (missingColumns(recognised, user).length === 0)
    return { mapping: recognised, ask: false, remembered: false };
  const remembered = sheet.columnMapping ?? {};
  const usable =
    sheet.columnMapping !== null &&
    missingColumns(remembered, user).length === 0 &&
    columnMappedTwice(remembered) === undefined;
  if (usable) return { mapping: remembered, ask: false, remembered: true };
  return { mapping: { ...recognised, ...remembered }, ask: true, remembered: false };
}

function RepairEditor({
  fileName,
  sheet,
  result,
  user,
  onImported,
  onDiscard,
  onChecked,
}: RepairEditorProps) {
  const start = useMemo(() => initialMapping(sheet, user), [sheet, user]);
  const [mapping, setMapping] = useState<ColumnMapping>(start.mapping);
  const [asking, setAsking] = useState(start.ask);
  const [remembered, setRemembered] = useState(start.remembered);
  // The upload's own messages hold for the file's own headers; under another mapping the rows are checked anew.
  const [answer, setAnswer] = useState<UploadResult | null>(start.ask || start.remembered ? null : result);
  const [checkedClean, setCheckedClean] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyFaulty, setOnlyFaulty] = useState(true);
  const [jumpTo, setJumpTo] = useState<{ index: number; col: number | null; seq: number } | null>(null);
  const repair = useRepairRows(sheet.rows);
  const { mutateAsync, isPending } = useUploadRows();
  const columns = useMemo(() => columnsOf(sheet.headers, mapping), [sheet.headers, mapping]);
  const errors = answer?.errors ?? NONE;
  const warnings = answer?.warnings ?? NONE;
  const placed = useMemo(() => placeMessages(errors, columns), [errors, columns]);
  const faultyRows = useMemo(() => rowsWithMessages(repair.rows, placed), [repair.rows, placed]);
  const allRows = useMemo(() => repair.rows.map((_, i) => i), [repair.rows]);
  const filtering = onlyFaulty && faultyRows.length > 0;
  const shown = filtering ? faultyRows : allRows;
  const firstCheck = useRef(false);

  async function send(mode: 'check' | 'import' | 'importIgnoringWarnings') {
    setFailure(null);
    let res: UploadResult;
    try {
      res = await mutateAsync({
        fileName,
        rows: repair.uploadRows(columns),
        checkForDuplicates: mode !== 'importIgnoringWarnings',
        dryRun: mode === 'check',
      });
    } catch (error) {
      setFailure(refusalMessage(error));
      return;
    }
    if (res.count > 0) {
      onImported(res);
      return;
    }
    repair.checked();
    setAnswer(res);
    onChecked?.();
    setCheckedClean(mode === 'check' && res.errors.length === 0 && res.warnings.length === 0);
  }

  // Under a mapping the upload did not use, the rows' messages come from a first check.
  useEffect(() => {
    if (asking || answer !== null || firstCheck.current) return;
    firstCheck.current = true;
    void send('check');
  });

  async function applyMapping(next: ColumnMapping) {
    setMapping(next);
    setAsking(false);
    setRemembered(false);
    firstCheck.current = false;
    setAnswer(null);
    await rememberColumnMapping(sheet.headers, next).catch((error: unknown) =>
      console.warn('Remembering the column mapping failed', error),
    );
  }

  /** To the message's cell: its row, and the file's column of its field (else the column in use). */
  const jump = (rowNumber: number, property: string) => {
    const index = repair.rows.findIndex((r) => r.rowNumber === rowNumber);
    if (index < 0) return;
    if (filtering && !faultyRows.includes(index)) setOnlyFaulty(false);
    const col = columns.findIndex((c) => c.column?.header === property);
    setJumpTo((j) => ({ index, col: col < 0 ? null : col, seq: (j?.seq ?? 0) + 1 }));
  };

  if (asking) {
    return (
      <ColumnMappingForm
        headers={sheet.headers}
        firstRow={sheet.rows[0]}
        initial={mapping}
        user={user}
        busy={isPending}
        onApply={(next) => void applyMapping(next)}
      />
    );
  }

  return (
    <div className="repair__editor">
      <p className="repair__intro">{L.intro}</p>
      {remembered && (
        <p className="repair__note">
          {L.mappingRemembered}{' '}
          <button type="button" className="button button--link" onClick={() => setAsking(true)}>
            {L.mappingChange}
          </button>
        </p>
      )}
      {/* The upload's own messages are listed above the form until the table checks the rows. */}
      {answer !== result && <MessageGroups errors={errors} warnings={warnings} onJump={jump} />}
      {checkedClean && <Alert variant="success">{L.checkedClean}</Alert>}
      {failure && (
        <Alert variant="error" title={L.sendFailed}>
          <p>{failure}</p>
        </Alert>
      )}
      {repair.offer && (
        <div className="repair__offer" role="status">
          <span>
            {L.applyToAllQuestion(repair.offer.from || L.emptyValue, repair.offer.count, repair.offer.header)}
          </span>
          <button type="button" className="button button--primary" onClick={repair.applyOffer}>
            {L.applyToAll(repair.offer.to || L.emptyValue)}
          </button>
          <button type="button" className="button" onClick={repair.dismissOffer}>
            {L.dismiss}
          </button>
        </div>
      )}
      {repair.notice && (
        <p className="repair__notice" role="status">
          {repair.notice}
        </p>
      )}
      <div className="repair__toolbar">
        {faultyRows.length > 0 && (
          <label className="inline-check">
            <input type="checkbox" checked={onlyFaulty} onChange={(e) => setOnlyFaulty(e.target.checked)} />
            {L.onlyFaulty}
          </label>
        )}
        <span className="repair__count">{L.shownRows(shown.length, repair.rows.length)}</span>
      </div>
      <p className="repair__hint">{L.keyboardHint}</p>
      <RepairGrid
        rows={repair.rows}
        columns={columns}
        placed={placed}
        edited={repair.edited}
        shown={shown}
        onCommit={repair.commit}
        jumpTo={jumpTo}
      />
      <div className="form__actions">
        <button type="button" className="button" disabled={isPending} onClick={() => void send('check')}>
          {L.check}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={isPending}
          onClick={() => void send('import')}
        >
          {L.import}
        </button>
        {warnings.length > 0 && errors.length === 0 && repair.edited.size === 0 && (
          <button
            type="button"
            className="button button--warning"
            disabled={isPending}
            onClick={() => void send('importIgnoringWarnings')}
          >
            {L.importIgnoringWarnings}
          </button>
        )}
        <button type="button" className="button" disabled={isPending} onClick={onDiscard}>
          {L.discard}
        </button>
        {isPending && (
          <span className="repair__busy">
            <Spinner size="small" label={L.checking} showLabel />
          </span>
        )}
      </div>
    </div>
  );
}
