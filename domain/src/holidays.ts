// The German states whose public holidays the reminder plan's working days leave out (HOLIDAY_STATE,
// decisions.md section 13): the two-letter codes of the Länder.
export const HOLIDAY_STATES = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HE',
  'HH',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type HolidayState = (typeof HOLIDAY_STATES)[number];
