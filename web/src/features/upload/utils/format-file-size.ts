const UNITS = ['Byte', 'KB', 'MB', 'GB'] as const;
const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/**
 * A file size as Germans read it: '812 Byte', '1,5 KB', '19,8 MB'. Steps of 1024, as the upload
 * limit of 20 MB is counted, so a file shown as 20 MB is not refused as larger.
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding may reach the next unit: 1023,96 KB is shown as 1 MB, not as 1.024 KB.
  if (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : decimal.format(value)} ${UNITS[unit]}`;
}
