// The master-data screens as an admin and a supplier use them: the hub with its downloads, the four
// lists, creating, changing and deleting through the edit forms, refused deletes, the urgency e-mail.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { masterDataFileName } from '@lp/domain/file-names';
import { URGENCY_MAIL_SUBJECT } from '@lp/domain/urgency-mail';
import { todayIsoDay } from '@lp/domain/dates';
import {
  ARTICLE_LABELS,
  BOOKING_LABELS,
  CREDITOR_LABELS,
  DEBITOR_LABELS,
  MANAGEMENT_LABELS,
  MASTER_DATA_SCREEN_LABELS as L,
  NAV_LABELS,
  UI_LABELS,
  USER_LABELS,
} from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as M, MESSAGES } from '@lp/domain/messages';
import { padArticleNumber } from '@lp/domain/numbers';
import { URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER, urgencyMailBody } from '@lp/domain/urgency-mail';
import { adminToken, bearer } from './support/api';
import { loginWithStoredSession } from './support/login';
import { chooseRecord, optionNamed, pickerField } from './support/pickers';
import { mailDrafts, recordMailDrafts } from './support/mail-drafts';
import {
  createArticle,
  createCreditor,
  createSupplier,
  createUser,
  uniqueNumber,
} from './support/master-data';
import { field } from './support/fields';
import { answerDialog } from './support/dialogs';

// Required fields carry a ' *' after their label text.
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saveButton = (page: Page) => button(page, L.save);
const deleteButton = (page: Page) => button(page, L.delete);
const listTable = (page: Page, title: string) => page.getByRole('table', { name: title });
const rowWith = (page: Page, title: string, text: string) =>
  listTable(page, title).getByRole('row').filter({ hasText: text });

interface KindCase {
  name: string;
  path: string;
  listTitle: string;
  addLabel: string;
  editTitle: string;
  newTitle: string;
  numberLabel: string;
  nameLabel: string;
  saved: string;
  created: string;
  shownNumber: (n: number) => string;
  deleteObject: (n: number, name: string) => string;
  deleted: (n: number, name: string) => string;
  fillExtra?: (page: Page) => Promise<void>;
  extraCells?: string[];
}

const kinds: KindCase[] = [
  {
    name: 'article',
    path: 'articles',
    listTitle: L.articleList,
    addLabel: L.addArticle,
    editTitle: L.editArticle,
    newTitle: L.newArticle,
    numberLabel: ARTICLE_LABELS.number,
    nameLabel: ARTICLE_LABELS.name,
    saved: M.articleSaved,
    created: M.articleCreated,
    shownNumber: padArticleNumber,
    deleteObject: (n, name) => M.articleToDelete(`${padArticleNumber(n)} – ${name}`),
    deleted: (n, name) => M.articleDeleted(`${padArticleNumber(n)} – ${name}`),
  },
  {
    name: 'creditor',
    path: 'creditors',
    listTitle: L.creditorList,
    addLabel: L.addCreditor,
    editTitle: L.editCreditor,
    newTitle: L.newCreditor,
    numberLabel: CREDITOR_LABELS.number,
    nameLabel: CREDITOR_LABELS.name,
    saved: M.creditorSaved,
    created: M.creditorCreated,
    shownNumber: String,
    deleteObject: (n, name) => M.creditorToDelete(`${n} – ${name}`),
    deleted: (n, name) => M.creditorDeleted(`${n} – ${name}`),
  },
  {
    name: 'debitor',
    path: 'debitors',
    listTitle: L.debitorList,
    addLabel: L.addDebitor,
    editTitle: L.editDebitor,
    newTitle: L.newDebitor,
    numberLabel: DEBITOR_LABELS.number,
    nameLabel: DEBITOR_LABELS.name,
    saved: M.debitorSaved,
    created: M.debitorCreated,
    shownNumber: String,
    deleteObject: (n, name) => M.debitorToDelete(`${n} – ${name}`),
    deleted: (n, name) => M.debitorDeleted(`${n} – ${name}`),
    fillExtra: async (page) => {
      await field(page, DEBITOR_LABELS.street).fill('Rathausplatz 1');
      await field(page, DEBITOR_LABELS.zipCode).fill('79098');
      await field(page, DEBITOR_LABELS.city).fill('Freiburg im Breisgau');
    },
    extraCells: ['Rathausplatz 1', '79098', 'Freiburg im Breisgau'],
  },
];

for (const kind of kinds) {
  test(`an admin creates, changes and deletes a ${kind.name} through the screens`, async ({ page }) => {
    const number = uniqueNumber();
    const name = `E2E ${kind.name} ${number}`;
    await loginWithStoredSession(page, `/management/${kind.path}`);
    await page.getByRole('link', { name: kind.addLabel }).click();
    await expect(page).toHaveURL(new RegExp(`/management/${kind.path}/edit\\?id=new$`));
    await expect(page.getByRole('heading', { level: 1, name: kind.newTitle })).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await expect(deleteButton(page)).toHaveCount(0);

    await field(page, kind.numberLabel).fill(String(number));
    await field(page, kind.nameLabel).fill(name);
    await kind.fillExtra?.(page);
    await saveButton(page).click();

    // Created: the page of the new record, the number read-only, the success box says created.
    await expect(page).toHaveURL(new RegExp(`/management/${kind.path}/edit\\?id=${number}$`));
    await expect(page.getByRole('heading', { level: 1, name: kind.editTitle })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: kind.created })).toBeVisible();
    await expect(page.getByText(kind.saved)).toHaveCount(0);
    await expect(field(page, kind.numberLabel)).toHaveValue(kind.shownNumber(number));
    await expect(field(page, kind.numberLabel)).toHaveAttribute('readonly', '');

    await field(page, kind.nameLabel).fill(`${name} geändert`);
    await field(page, 'Aktiv').uncheck();
    // From the keyboard: Speichern, disabled while it saves, hands the keyboard to its answer.
    await saveButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: kind.saved })).toBeVisible();
    await expect(page.locator('.status-box')).toBeFocused();

    await page.getByRole('link', { name: UI_LABELS.backToOverview }).click();
    const row = rowWith(page, kind.listTitle, `${name} geändert`);
    await expect(row.getByRole('cell')).toHaveText([
      kind.shownNumber(number),
      `${name} geändert`,
      ...(kind.name === 'creditor' ? [UI_LABELS.noValue] : []),
      ...(kind.extraCells ?? []),
      '',
      ...(kind.name === 'creditor' ? [L.urgencyMailAction] : []),
    ]);

    await row.getByRole('link', { name: kind.shownNumber(number) }).click();
    await expect(field(page, kind.nameLabel)).toHaveValue(`${name} geändert`);
    const confirmation = answerDialog(page, true);
    await deleteButton(page).click();
    expect(await confirmation).toBe(MESSAGES.deleteConfirm(kind.deleteObject(number, `${name} geändert`)));
    await expect(page).toHaveURL(new RegExp(`/management/${kind.path}$`));
    await expect(listTable(page, kind.listTitle)).toBeVisible();
    await expect(rowWith(page, kind.listTitle, name)).toHaveCount(0);
    // The list says what was deleted, once: a reload does not announce it again.
    const deleted = page.getByRole('status').filter({ hasText: kind.deleted(number, `${name} geändert`) });
    await expect(deleted).toBeVisible();
    await page.reload();
    await expect(listTable(page, kind.listTitle)).toBeVisible();
    await expect(deleted).toHaveCount(0);
  });
}

test('an article created in Stammdaten is offered on Dateneingabe at once, without a reload', async ({
  page,
}) => {
  const number = uniqueNumber();
  const label = `${padArticleNumber(number)} – E2E Artikel ${number}`;
  const articleSelect = pickerField(page, BOOKING_LABELS.articleId);
  const articleOption = optionNamed(page, label);
  // The booking form loads (and caches) its lists first; it shows once they are there.
  await loginWithStoredSession(page, '/input/manual');
  await expect(articleSelect).toBeVisible();
  await articleSelect.fill(String(number));
  await expect(page.getByRole('listbox')).toContainText(NAV_LABELS.emptyList);
  await expect(articleOption).toHaveCount(0);
  // Close the list: while it is open, react-aria hides the rest of the page from assistive technology.
  await page.keyboard.press('Escape');
  // A reload would drop this mark: the way back below must stay within the running app.
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));

  await page.getByRole('link', { name: NAV_LABELS.management, exact: true }).click();
  await page.getByRole('link', { name: L.addArticle }).click();
  await field(page, ARTICLE_LABELS.number).fill(String(number));
  await field(page, ARTICLE_LABELS.name).fill(`E2E Artikel ${number}`);
  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: M.articleCreated })).toBeVisible();

  await page.getByRole('link', { name: NAV_LABELS.input, exact: true }).click();
  await articleSelect.fill(String(number));
  await expect(articleOption).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});

test('an admin creates, changes and deletes a user through the screens', async ({ page, request }) => {
  const creditor = await createCreditor(request);
  const email = `neu-${uniqueNumber()}@e2e.example`;
  await loginWithStoredSession(page, '/management/users');
  await expect(listTable(page, L.userList)).toBeVisible();
  await page.getByRole('link', { name: L.addUser }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.newUser })).toBeVisible();

  await field(page, USER_LABELS.emailAddress).fill(email);
  await field(page, USER_LABELS.password).fill('kurz');
  await expect(page.getByText(MESSAGES.minLength(10))).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await field(page, USER_LABELS.password).fill('Ein-langes-Passwort-1');
  // A supplier needs a creditor: still invalid until one is chosen.
  await expect(saveButton(page)).toBeDisabled();
  await chooseRecord(
    pickerField(page, L.creditorSelect),
    creditor.name,
    `${creditor.number} – ${creditor.name}`,
  );
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();

  await expect(page.getByRole('status').filter({ hasText: M.userCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/management\/users\/edit\?id=\d+$/);
  await expect(field(page, USER_LABELS.password)).toHaveValue('');
  await expect(page.getByText(L.passwordKeepHint)).toBeVisible();
  await expect(pickerField(page, L.creditorSelect)).toHaveValue(`${creditor.number} – ${creditor.name}`);

  // An empty password keeps the current one: the new user can still sign in with it.
  await field(page, USER_LABELS.isAdmin).check();
  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: M.userSaved })).toBeVisible();
  const signIn = await request.post('/api/getsecuretoken', {
    form: { grant_type: 'password', username: email, password: 'Ein-langes-Passwort-1' },
  });
  expect(signIn.status()).toBe(200);

  await page.getByRole('link', { name: UI_LABELS.backToOverview }).click();
  const row = rowWith(page, L.userList, email);
  await expect(row.getByRole('cell')).toHaveText([email, L.passwordMask, '✓', '✓']);
  await row.getByRole('link', { name: email }).click();
  const confirmation = answerDialog(page, true);
  await deleteButton(page).click();
  expect(await confirmation).toBe(MESSAGES.deleteConfirm(M.userToDelete(email)));
  await expect(page).toHaveURL(/\/management\/users$/);
  await expect(listTable(page, L.userList)).toBeVisible();
  await expect(rowWith(page, L.userList, email)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: M.userDeleted(email) })).toBeVisible();
});

test('an admin changes its own password only with the current one; common passwords are refused', async ({
  page,
  request,
}) => {
  const self = await createUser(request, { isAdmin: true });
  await loginWithStoredSession(
    page,
    `/management/users/edit?id=${self.id}`,
    self.emailAddress,
    self.password,
  );
  const current = field(page, USER_LABELS.currentPassword);
  await expect(current).toBeVisible();
  await expect(page.getByText(L.currentPasswordHint)).toBeVisible();

  await field(page, USER_LABELS.password).fill('Passwort2026!');
  await expect(page.getByText(MASTER_DATA_MESSAGES.currentPasswordRequired)).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await current.fill('Ein-falsches-Passwort-9');
  await saveButton(page).click();
  const box = page.getByRole('alert');
  await expect(box).toContainText(MASTER_DATA_MESSAGES.passwordTooCommon);
  await expect(box).toContainText(MASTER_DATA_MESSAGES.currentPasswordWrong);

  const newPassword = 'Kaffeetasse-Regal-73';
  await field(page, USER_LABELS.password).fill(newPassword);
  await current.fill(self.password);
  await saveButton(page).click();
  // The change ends the admin's own sessions: the next call signs out; the new password signs in.
  await expect(page).toHaveURL(/\/login$/);
  const signIn = (password: string) =>
    request.post('/api/getsecuretoken', {
      form: { grant_type: 'password', username: self.emailAddress, password },
    });
  expect((await signIn(newPassword)).status()).toBe(200);
  expect((await signIn(self.password)).status()).toBe(400);
});

test('deleting a referenced record shows the "kann nicht gelöscht werden" box', async ({ page, request }) => {
  const { creditor } = await createSupplier(request);
  await loginWithStoredSession(page, `/management/creditors/edit?id=${creditor.number}`);
  const confirmation = answerDialog(page, true);
  await deleteButton(page).click();
  await confirmation;
  const box = page.getByRole('alert');
  await expect(box).toContainText(MASTER_DATA_MESSAGES.creditorDeleteFailed);
  await expect(box).toContainText(MASTER_DATA_MESSAGES.stillReferenced);
  await expect(page).toHaveURL(new RegExp(`id=${creditor.number}$`));

  // The empty-report article is reserved: its page offers no Löschen (issue 57.7; the server's
  // refusal of a delete is covered by the master-data API tests).
  await page.goto('/management/articles/edit?id=999');
  await expect(page.getByText(L.systemRecordHint)).toBeVisible();
  await expect(deleteButton(page)).toHaveCount(0);
});

test('a save or delete of a record someone changed meanwhile is refused and keeps the other change', async ({
  page,
  request,
}) => {
  const article = await createArticle(request);
  await loginWithStoredSession(page, `/management/articles/edit?id=${article.number}`);
  await expect(field(page, ARTICLE_LABELS.name)).toHaveValue(article.name);
  // Another admin renames it while this page is open.
  const renamed = await request.put(`/api/articles/${article.number}`, {
    data: { number: article.number, name: `${article.name} (Kollegin)`, isActive: true },
    headers: bearer(await adminToken(request)),
  });
  expect(renamed.ok()).toBe(true);

  await field(page, ARTICLE_LABELS.name).fill(`${article.name} (ich)`);
  await saveButton(page).click();
  await expect(page.getByRole('alert')).toContainText(MASTER_DATA_MESSAGES.versionConflict);
  await page.reload();
  await expect(field(page, ARTICLE_LABELS.name)).toHaveValue(`${article.name} (Kollegin)`);
  // After the reload the page holds the new version: its own save goes through.
  await field(page, ARTICLE_LABELS.name).fill(`${article.name} (ich)`);
  await saveButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: M.articleSaved })).toBeVisible();

  // A delete confirmed on a name someone has changed meanwhile is refused too; after a reload it goes.
  const again = await request.put(`/api/articles/${article.number}`, {
    data: { number: article.number, name: `${article.name} (nochmals)`, isActive: true },
    headers: bearer(await adminToken(request)),
  });
  expect(again.ok()).toBe(true);
  const stale = answerDialog(page, true);
  await deleteButton(page).click();
  await stale;
  await expect(page.getByRole('alert')).toContainText(MASTER_DATA_MESSAGES.versionConflictOnDelete);
  expect(
    (
      await request.get(`/api/articles/${article.number}`, { headers: bearer(await adminToken(request)) })
    ).ok(),
  ).toBe(true);
  await page.reload();
  await expect(field(page, ARTICLE_LABELS.name)).toHaveValue(`${article.name} (nochmals)`);
  const current = answerDialog(page, true);
  await deleteButton(page).click();
  expect(await current).toContain(`${article.name} (nochmals)`);
  await expect(page).toHaveURL(/\/management\/articles$/);
});

test('an invalid form keeps Speichern disabled and names the problem', async ({ page }) => {
  await loginWithStoredSession(page, '/management/debitors/edit?id=new');
  await field(page, DEBITOR_LABELS.number).fill('12a');
  await field(page, DEBITOR_LABELS.name).fill('Gemeinde Beispiel');
  await field(page, DEBITOR_LABELS.street).fill('Hauptstraße 5');
  await field(page, DEBITOR_LABELS.zipCode).fill('12345');
  await field(page, DEBITOR_LABELS.city).fill('Beispiel');
  await expect(page.getByText(MESSAGES.positiveInteger)).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await field(page, DEBITOR_LABELS.number).fill(String(uniqueNumber()));
  await expect(saveButton(page)).toBeEnabled();
  await field(page, DEBITOR_LABELS.city).fill('');
  await expect(page.getByText(MESSAGES.required)).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
});

test('the admin hub has the tabs and downloads the dated master-data export', async ({ page }) => {
  await loginWithStoredSession(page, '/management');
  await expect(page).toHaveURL(/\/management\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: MANAGEMENT_LABELS.title })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: MANAGEMENT_LABELS.title });
  await expect(tabs.getByRole('link')).toHaveText([
    MANAGEMENT_LABELS.articles,
    MANAGEMENT_LABELS.creditors,
    MANAGEMENT_LABELS.debitors,
    MANAGEMENT_LABELS.users,
  ]);
  await expect(button(page, L.exportDebitors)).toHaveCount(0);
  const download = page.waitForEvent('download');
  await button(page, L.exportMasterData).click();
  expect((await download).suggestedFilename()).toBe(masterDataFileName(todayIsoDay()));

  const articles = page.waitForEvent('download');
  await button(page, L.exportArticles).click();
  const articlesFile = await articles;
  expect(articlesFile.suggestedFilename()).toBe('Artikel.csv');
  const text = fs.readFileSync((await articlesFile.path())!, 'utf8');
  expect(text.startsWith('\uFEFFArtikelnummer;Bezeichnung;Aktiv\r\n')).toBe(true);
});

test('a supplier sees only the debitor export and cannot save master data', async ({ page, request }) => {
  const { creditor, user } = await createSupplier(request);
  await loginWithStoredSession(page, '/management', user.emailAddress, user.password);
  await expect(page.getByRole('heading', { level: 1, name: MANAGEMENT_LABELS.title })).toBeVisible();
  await expect(page).toHaveURL(/\/management$/);
  await expect(page.getByRole('navigation', { name: MANAGEMENT_LABELS.title })).toHaveCount(0);
  await expect(button(page, L.exportMasterData)).toHaveCount(0);
  await expect(button(page, L.exportArticles)).toHaveCount(0);
  const download = page.waitForEvent('download');
  await button(page, L.exportDebitors).click();
  expect((await download).suggestedFilename()).toBe('Debitoren.xlsx');

  await page.goto(`/management/creditors/edit?id=${creditor.number}`);
  await expect(field(page, CREDITOR_LABELS.name)).toHaveValue(creditor.name);
  await field(page, CREDITOR_LABELS.name).fill('Umbenannt');
  await expect(saveButton(page)).toBeDisabled();
  await expect(deleteButton(page)).toHaveCount(0);
  await expect(page.getByText(L.adminOnlyHint)).toBeVisible();

  await page.goto('/management/articles');
  await expect(listTable(page, L.articleList)).toBeVisible();
  await expect(page.getByRole('link', { name: L.addArticle })).toHaveCount(0);
});

test('the urgency action opens a mail draft to all active users of the creditor', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const creditor = await createCreditor(request, {}, admin);
  const first = await createUser(request, { creditorNumber: creditor.number }, admin);
  const second = await createUser(request, { creditorNumber: creditor.number }, admin);
  await createUser(request, { creditorNumber: creditor.number, isActive: false }, admin);
  const lonely = await createCreditor(request, {}, admin);

  await recordMailDrafts(page);
  await loginWithStoredSession(page, '/management/creditors');
  const row = rowWith(page, L.creditorList, creditor.name);
  await row.getByRole('button', { name: new RegExp(L.urgencyMailAction) }).click();
  await expect.poll(() => mailDrafts(page)).toHaveLength(1);
  const href = (await mailDrafts(page))[0]!;
  const [recipients, query] = href.replace(/^mailto:/, '').split('?') as [string, string];
  expect(decodeURIComponent(recipients).split(',').sort()).toEqual(
    [first.emailAddress, second.emailAddress].sort(),
  );
  const params = new URLSearchParams(query);
  expect(params.get('subject')).toBe(URGENCY_MAIL_SUBJECT);
  expect(params.get('body')).toBe(urgencyMailBody(null));
  expect(params.get('body')).toContain(URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER);

  await rowWith(page, L.creditorList, lonely.name)
    .getByRole('button', { name: new RegExp(L.urgencyMailAction) })
    .click();
  await expect(page.getByRole('alert')).toContainText(
    M.urgencyMailNoRecipients(`${lonely.number} – ${lonely.name}`),
  );
  expect(await mailDrafts(page)).toHaveLength(1);
});
