// The reminders module's door: the daily task the mail queue schedules, and who has not reported
// (the urgency mail to all missing creditors asks the same question).
export { REMINDER_CRONTAB, REMINDER_TASK, reminderTask } from './reminders.task';
export { findMissingReports, type CreditorMissing } from './missing-reports';
