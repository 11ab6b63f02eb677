// The reporting status's door: the creditors and their months, read by the reminder plan.
export { aggregateMonths, selectCreditors } from './reporting-status.repository';
