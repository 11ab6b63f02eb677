import { formatDateTime } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { FormField } from '../../../../components/ui/form-field';

/** Read-only facts of a stored booking: created at (dd.MM.yyyy HH:mm), created by, exported at. */
export function BookingMeta({ booking }: { booking: Booking }) {
  const facts = [
    {
      id: 'edit-creation-date',
      label: BOOKING_LABELS.creationDate,
      value: formatDateTime(booking.creationDate),
    },
    {
      id: 'edit-created-by',
      label: BOOKING_LABELS.creationUserEmailAddress,
      value: booking.creationUserEmailAddress,
    },
    ...(booking.exportDate
      ? [
          {
            id: 'edit-export-date',
            label: BOOKING_LABELS.exportDate,
            value: formatDateTime(booking.exportDate),
          },
        ]
      : []),
  ];
  return (
    <div className="booking-meta">
      {facts.map((fact) => (
        <FormField key={fact.id} id={fact.id} label={fact.label}>
          {(control) => <input {...control} className="input" type="text" readOnly value={fact.value} />}
        </FormField>
      ))}
    </div>
  );
}
