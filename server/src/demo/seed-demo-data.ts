// Realistic demo master data and bookings for an empty database (`npm run demo` or DEMO_DATA=1).
import { sql } from 'drizzle-orm';
import { TEXT_MAX_LENGTH } from '@lp/domain/limits';
import type { Db } from '../db/connection';
import { articles, creditors, debitors, bookings, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_PASSWORD = 'Demo-Passwort-2026';

const ARTICLES = [
  'Recyclingpapier A4, 80 g/m²',
  'Recyclingpapier A3, 80 g/m²',
  'Ordner Pappe, 8 cm',
  'Bleistift FSC, HB',
  'Kugelschreiber nachfüllbar',
  'Textmarker ohne Lösungsmittel',
  'Reinigungsmittel Blauer Engel, 10 l',
  'Handtuchpapier recycelt',
  'Toilettenpapier recycelt, 3-lagig',
  'LED-Röhre T8, 18 W',
  'Druckerpatrone wiederbefüllt',
  'Briefumschlag DL recycelt',
  'Bio-Kaffee fair gehandelt, 1 kg',
  'Mineralwasser regional, Kiste',
];
const CREDITORS = [
  'Grünes Büro GmbH',
  'ÖkoClean Service KG',
  'Papierwerk Mittelhessen AG',
  'Fairtrade Versorgung e.G.',
  'Lichttechnik Nord GmbH',
];
const CITIES = [
  ['Frankfurt am Main', '60311'],
  ['Darmstadt', '64283'],
  ['Offenbach am Main', '63065'],
  ['Hanau', '63450'],
  ['Bad Homburg', '61348'],
  ['Oberursel', '61440'],
  ['Langen', '63225'],
  ['Dreieich', '63303'],
] as const;
const STREETS = ['Rathausplatz', 'Hauptstraße', 'Schulstraße', 'Am Markt', 'Bahnhofstraße', 'Kirchgasse'];
const INSTITUTIONS = ['Stadtverwaltung', 'Grundschule', 'Kita', 'Bauhof', 'Stadtbibliothek', 'Feuerwehr'];

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export async function seedDemoData(db: Db, log: { info(msg: string): void }, bookingCount = 3000) {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(creditors);
  if (count > 0) {
    log.info('Demo data skipped: the database already holds creditors');
    return;
  }
  const rnd = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

  await db
    .insert(articles)
    .values(ARTICLES.map((name, i) => ({ number: 1000 + i * 10, name, isActive: i !== 13 })));
  await db
    .insert(creditors)
    .values(CREDITORS.map((name, i) => ({ number: 70001 + i, name, isActive: true })));
  const debitorRows = Array.from({ length: 24 }, (_, i) => {
    const [city, zip] = pick(CITIES);
    return {
      number: 10001 + i,
      name: `${pick(INSTITUTIONS)} ${city}`,
      street: `${pick(STREETS)} ${1 + Math.floor(rnd() * 90)}`,
      zipCode: zip,
      city,
      isActive: i !== 23,
    };
  });
  await db.insert(debitors).values(debitorRows);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values([
    { emailAddress: 'lieferant@gruenes-buero.example', passwordHash, creditorNumber: 70001 },
    { emailAddress: 'auftrag@oekoclean.example', passwordHash, creditorNumber: 70002 },
    { emailAddress: 'vertrieb@papierwerk.example', passwordHash, creditorNumber: 70003 },
  ]);

  const emails = [
    'lieferant@gruenes-buero.example',
    'auftrag@oekoclean.example',
    'vertrieb@papierwerk.example',
  ];
  const now = Date.now();
  const rows = Array.from({ length: bookingCount }, (_, i) => {
    const creditorIndex = Math.floor(rnd() * 3);
    const daysAgo = Math.floor(rnd() * 700);
    const invoice = new Date(now - daysAgo * 86_400_000);
    const debitor = pick(debitorRows.slice(0, 23));
    const created = new Date(invoice.getTime() + Math.floor(rnd() * 20) * 86_400_000);
    return {
      invoiceDate: invoice.toISOString().slice(0, 10),
      invoiceNumber: `RE-${invoice.getUTCFullYear()}-${String(10000 + i)}`,
      net: (Math.round(rnd() * 250_000) / 100 + 5).toFixed(2),
      debitorNumber: debitor.number,
      deliveryLocation: `${debitor.name}, ${debitor.street}`.slice(0, TEXT_MAX_LENGTH),
      articleNumber: 1000 + Math.floor(rnd() * 13) * 10,
      additionalInformation: rnd() < 0.2 ? 'Lieferung an Hausmeister' : null,
      creditorNumber: 70001 + creditorIndex,
      creationDate: new Date(Math.min(created.getTime(), now)),
      creationUserEmailAddress: emails[creditorIndex]!,
      exportDate: daysAgo > 60 ? new Date(now - (daysAgo - 30) * 86_400_000) : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(bookings).values(rows.slice(i, i + 1000));
  log.info(
    `Demo data created: ${ARTICLES.length} articles, ${CREDITORS.length} creditors, ${debitorRows.length} debitors, ${bookingCount} bookings; supplier logins ${emails.join(', ')} with password ${DEMO_PASSWORD}`,
  );
}
