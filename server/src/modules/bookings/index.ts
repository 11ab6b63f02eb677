// The bookings module's door for the upload (and the demo): a file's rows are checked by the same
// rules as one booking, stored by the same insert, and followed by the same upkeep.
export {
  toNewBookingRow,
  validateBookingsForWrite,
  type BookingCandidate,
  type BookingValidation,
} from './bookings.validation';
export { insertBookings } from './bookings.repository';
export { afterWritingBookings } from './bookings.after-write';
export { saveQuerySchema } from './bookings.request';
