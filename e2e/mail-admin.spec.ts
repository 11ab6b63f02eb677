// The admins' mail in the browser against the real server (decisions.md section 13): the Meldestatus's
// urgency mail to all goes through the server, one mail per creditor missing the month; the reminder
// plan is switched on and paused on its screen, its preview names who would get which step, and the
// Meldestatus marks the reminders that went out.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatLongDate } from '@lp/domain/dates';
import {
  MAIL_AREA_LABELS,
  NAV_LABELS,
  REMINDER_PLAN_LABELS as P,
  REPORTING_STATUS_LABELS as L,
  UI_LABELS,
} from '@lp/domain/labels';
import type { OutboxMail, OutboxPage } from '@lp/domain/mail';
import type { ReminderPlan, ReminderPreview } from '@lp/domain/reminder-plan';
import { addMonths, currentMonth, formatMonth } from '@lp/domain/reporting-status';
import { adminToken, bearer } from './support/api';
import { createBookingWorld, type BookingWorld } from './support/bookings';
import { ADMIN } from './support/environment';
import { loginWithStoredSession } from './support/login';

const THIS = currentMonth();
const LAST = addMonths(THIS, -1);
const RANGE = `/status?from=${addMonths(THIS, -2)}&until=${THIS}`;

let missing: BookingWorld;
let other: BookingWorld;
test.beforeAll(async ({ request }) => {
  missing = await createBookingWorld(request);
  other = await createBookingWorld(request);
});

async function outboxMailsTo(request: APIRequestContext, address: string, kind: string) {
  const headers = bearer(await adminToken(request));
  const page = (await (await request.get('/api/mail/outbox?page=1', { headers })).json()) as OutboxPage;
  const items = page.items.filter((m) => m.kind === kind && m.to.includes(address));
  return Promise.all(
    items.map(
      async (m) => (await (await request.get(`/api/mail/outbox/${m.id}`, { headers })).json()) as OutboxMail,
    ),
  );
}

test('the urgency mail to all is sent by the server, one mail per creditor, and the admin is told how many', async ({
  page,
  request,
}) => {
  await loginWithStoredSession(page, RANGE, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: L.mailAllMissing }).click();
  const form = page.getByRole('group', { name: L.sendAllLegend });
  await expect(form.getByRole('combobox', { name: L.sendAllMonth })).toHaveValue(LAST);
  await expect(form.getByText(/aktive Kreditoren haben für .* nicht gemeldet/)).toContainText(
    formatMonth(LAST),
  );
  const deadlineField = form.getByRole('textbox', { name: L.sendAllDeadline });
  const deadline = await deadlineField.inputValue();
  await form.getByRole('button', { name: L.sendAllSubmit }).click();
  const confirmation = page.getByRole('status').filter({ hasText: /in den Postausgang gestellt/ });
  await expect(confirmation).toContainText(/^\d+ E-Mails wurden in den Postausgang gestellt\./);
  const queued = Number(/^(\d+)/.exec((await confirmation.textContent())!.trim())![1]);
  expect(queued).toBeGreaterThanOrEqual(2);

  // One mail for each creditor, to its own users only, the deadline filled in and the month named.
  const [day, month, year] = deadline.split('.');
  for (const world of [missing, other]) {
    const mails = await outboxMailsTo(request, world.user.emailAddress, 'urgency');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([world.user.emailAddress]);
    expect(mails[0]!.subject).toBe(`Bestellstatistik – ${world.creditor.name}`);
    expect(mails[0]!.text).toContain(`bis zum ${formatLongDate(`${year}-${month}-${day}T12:00:00Z`)}`);
    expect(mails[0]!.text).toContain(formatMonth(LAST));
  }
  await page.getByRole('link', { name: L.toOutbox }).click();
  await expect(page.getByRole('heading', { level: 1, name: MAIL_AREA_LABELS.outbox })).toBeVisible();
});

test('the reminder plan is switched on and paused on its screen; its preview and the Meldestatus show the reminders', async ({
  page,
  request,
}) => {
  const headers = bearer(await adminToken(request));
  await loginWithStoredSession(page, '/transactions', ADMIN.email, ADMIN.password);
  await page
    .getByRole('navigation', { name: UI_LABELS.mainMenu })
    .getByRole('link', { name: NAV_LABELS.outbox, exact: true })
    .click();
  await page.getByRole('link', { name: MAIL_AREA_LABELS.reminderPlan }).click();
  await expect(page).toHaveURL(/\/outbox\/reminders$/);
  await expect(page.getByRole('heading', { level: 1, name: P.heading })).toBeVisible();

  const toggle = page.getByRole('switch', { name: P.switchLabel });
  // Outside the demo the plan starts paused.
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(P.paused)).toBeVisible();
  await toggle.check();
  await expect(page.getByText(P.enabled)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: P.switchLabel })).toBeChecked();

  // The preview of the plan's first step day after last month names the creditor that has not reported.
  const firstStep = page.getByRole('button', { name: /^3\. Arbeitstag: / });
  await firstStep.click();
  await expect(firstStep).toHaveAttribute('aria-pressed', 'true');
  const preview = page.getByRole('table', { name: P.previewHeading });
  const row = preview.getByRole('row').filter({ hasText: `${missing.creditor.number} – ` });
  await expect(row).toContainText(formatMonth(LAST));
  await expect(row).toContainText('3. Arbeitstag');
  await expect(row).toContainText(missing.user.emailAddress);

  // The plan runs for that day (as the scheduler would): the Meldestatus marks the month.
  const previewed = (await (
    await request.get(`/api/reminders/preview?date=${THIS}-01`, { headers })
  ).json()) as ReminderPreview;
  const day3 = previewed.stepDays.find((s) => s.workingDay === 3)!.date;
  expect((await request.post(`/api/reminders/run?date=${day3}`, { headers })).status()).toBe(200);
  await page.goto(RANGE);
  const cell = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${missing.creditor.number} – `) }) })
    .getByRole('cell')
    .nth(1);
  await expect(cell.getByTitle(/^Erinnert: 3\. Arbeitstag, /)).toBeVisible();
  expect(await outboxMailsTo(request, missing.user.emailAddress, 'reminder')).toHaveLength(1);

  // Paused again: the switch is stored, and a run sends nothing.
  await page.goto('/outbox/reminders');
  await page.getByRole('switch', { name: P.switchLabel }).uncheck();
  await expect(page.getByText(P.paused)).toBeVisible();
  await page.getByRole('button', { name: /^8\. Arbeitstag: / }).click();
  await expect(page.getByText(P.previewPaused)).toBeVisible();
  const plan = (await (await request.get('/api/reminders/plan', { headers })).json()) as ReminderPlan;
  expect(plan.enabled).toBe(false);
  const day8 = previewed.stepDays.find((s) => s.workingDay === 8)!.date;
  const run = await request.post(`/api/reminders/run?date=${day8}`, { headers });
  expect(await run.json()).toMatchObject({ queued: 0 });
  expect(await outboxMailsTo(request, missing.user.emailAddress, 'reminder')).toHaveLength(1);
});
