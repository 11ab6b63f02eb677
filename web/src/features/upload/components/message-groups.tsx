import { REPAIR_LABELS as L } from '@lp/domain/labels';
import { groupMessages, rowsLabel, type MessageGroup } from '@lp/domain/message-groups';
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';

/** Lines listed at most; the table's filter shows every faulty row. */
const GROUPS_SHOWN = 30;

export interface MessageGroupsProps {
  errors: readonly ValidationMessage[];
  warnings: readonly ValidationMessage[];
  onJump: (rowNumber: number, property: string) => void;
}

/** The check's messages, the same message of many rows as one line, each with a jump to its first row. */
export function MessageGroups({ errors, warnings, onJump }: MessageGroupsProps) {
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <div className="message-groups" aria-label={L.groupsHeading} role="region">
      <Groups
        kind="error"
        title={MESSAGES.validationHeading}
        groups={groupMessages(errors)}
        onJump={onJump}
      />
      <Groups
        kind="warning"
        title={MESSAGES.warningHeading}
        groups={groupMessages(warnings)}
        onJump={onJump}
      />
    </div>
  );
}

function Groups({
  kind,
  title,
  groups,
  onJump,
}: {
  kind: 'error' | 'warning';
  title: string;
  groups: MessageGroup[];
  onJump: (rowNumber: number, property: string) => void;
}) {
  if (groups.length === 0) return null;
  const listed = groups.slice(0, GROUPS_SHOWN);
  return (
    <div className={`message-groups__list message-groups__list--${kind}`}>
      <p className="message-groups__title">{title}</p>
      <ul>
        {listed.map((g) => {
          const first = g.rowNumbers[0];
          return (
            <li key={`${g.property}\u0000${g.message}`}>
              {g.property && <strong>{g.property}: </strong>}
              {g.message}
              {first !== undefined && ` – ${rowsLabel(g.rowNumbers)} `}
              {first !== undefined && (
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => onJump(first, g.property)}
                >
                  {L.showRow(first)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {groups.length > listed.length && <p>{L.moreGroups(groups.length - listed.length)}</p>}
    </div>
  );
}
