// Demo data for an empty database (`npm run demo` or DEMO_DATA=1): the plan of demo-plan.ts written in
// one database transaction with bulk inserts. A database that already holds master data or bookings
// (the demo or real data) is left alone, so running it again changes nothing; an advisory lock makes
// two servers starting with DEMO_DATA=1 at once create it once.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { DEFAULT_ADMIN_EMAIL } from '../db/seed-system-records';
import { articles, bookings, creditors, debitors, exportBatches, users } from '../db/schema';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { hashPassword } from '../lib/passwords';
import { compactExportedMonthTotals } from '../modules/bookings/bookings.exported-totals';
import { buildExportBatches } from './demo-exports';
import { buildDemoPlan, FIRST_CREDITOR_NUMBER } from './demo-plan';

/** The password of every demo supplier user. */
export const DEMO_PASSWORD = 'Demo-Passwort-2026';
/** Advisory lock key of the demo seed ('DEMO'). */
const DEMO_LOCK_KEY = 0x44454d4f;
const INSERT_CHUNK = 2000;

export interface DemoSeedResult {
  created: boolean;
  bookings: number;
}

export async function seedDemoData(
  db: Db,
  log: { info(msg: string): void },
  { now = new Date() }: { now?: Date } = {},
): Promise<DemoSeedResult> {
  const started = Date.now();
  const plan = buildDemoPlan(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    const { rows } = await tx.execute<{ records: number; demo: boolean }>(sql`select
        ((select count(*) from creditors) + (select count(*) from transactions)
          + (select count(*) from debitors where number <> ${EMPTY_REPORT_DEBITOR_NUMBER})
          + (select count(*) from articles where number <> ${EMPTY_REPORT_ARTICLE_NUMBER}))::int as records,
        exists (select 1 from creditors where number = ${FIRST_CREDITOR_NUMBER}
          and name = ${plan.creditors[0]!.name}) as demo`);
    if (Number(rows[0]!.records) > 0) {
      log.info(
        rows[0]!.demo
          ? 'Demodaten übersprungen: die Datenbank enthält sie schon'
          : 'Demodaten übersprungen: die Datenbank enthält schon Stammdaten oder Buchungen',
      );
      return { created: false, bookings: 0 };
    }
    const admin = await tx
      .select({ emailAddress: users.emailAddress })
      .from(users)
      .where(sql`${users.isAdmin}`)
      .orderBy(users.id)
      .limit(1);
    const batches = buildExportBatches(plan, admin[0]?.emailAddress ?? DEFAULT_ADMIN_EMAIL);

    await tx.insert(articles).values(plan.articles);
    await tx.insert(creditors).values(plan.creditors);
    await tx.insert(debitors).values(plan.debitors);
    await tx
      .insert(users)
      .values(plan.users.map((u) => ({ ...u, passwordHash })))
      .onConflictDoNothing();
    const batchIds = await tx
      .insert(exportBatches)
      .values(batches)
      .returning({ id: exportBatches.id, createdAt: exportBatches.createdAt });
    const batchOfRun = new Map(
      plan.exportRuns.map((runAt, run) => [
        run,
        batchIds.find((b) => b.createdAt.getTime() === runAt.getTime()),
      ]),
    );
    const rowsToInsert = plan.bookings.map(({ exportRun, ...booking }) => {
      const batch = exportRun === null ? undefined : batchOfRun.get(exportRun);
      return {
        ...booking,
        exportDate: exportRun === null ? null : plan.exportRuns[exportRun]!,
        exportBatchId: batch?.id ?? null,
        // Exporting counts as a change (bookings.export-sql.ts markChunk).
        version: exportRun === null ? 1 : 2,
      };
    });
    for (let i = 0; i < rowsToInsert.length; i += INSERT_CHUNK) {
      await tx.insert(bookings).values(rowsToInsert.slice(i, i + INSERT_CHUNK));
    }
    return { created: true, bookings: rowsToInsert.length };
  });
  if (!result.created) return result;
  // As after a real export: the exported month totals of the demo's export runs in one row per
  // creditor and month.
  await compactExportedMonthTotals(db.$client);

  const logins = plan.users.filter((u) => u.isActive).map((u) => u.emailAddress);
  log.info(
    `Demodaten in ${Date.now() - started} ms angelegt: ${plan.articles.length} Artikel, ` +
      `${plan.creditors.length} Kreditoren, ${plan.debitors.length} Debitoren, ${result.bookings} Buchungen ` +
      `(${plan.exportRuns.length} Exporte); Lieferanten-Anmeldungen (Passwort ${DEMO_PASSWORD}): ` +
      `${logins.slice(0, 3).join(', ')} … insgesamt ${logins.length}`,
  );
  return result;
}
