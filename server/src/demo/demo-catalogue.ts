// The fixed vocabulary of the demo data: suppliers of a municipal eco-procurement service, Hessian
// towns with their districts and postcodes, the kinds of public clients and the articles they buy.
// Plain data only; demo-plan.ts turns it into records.

export interface DemoCreditor {
  name: string;
  /** Mail domain of its users (.example: never a real address). */
  domain: string;
}

export const DEMO_CREDITORS: readonly DemoCreditor[] = [
  { name: 'Grünes Büro GmbH', domain: 'gruenes-buero.example' },
  { name: 'ÖkoClean Service KG', domain: 'oekoclean.example' },
  { name: 'Papierwerk Mittelhessen AG', domain: 'papierwerk-mittelhessen.example' },
  { name: 'Fairtrade Versorgung eG', domain: 'fairtrade-versorgung.example' },
  { name: 'Lichttechnik Nord GmbH', domain: 'lichttechnik-nord.example' },
  { name: 'Recycling-Kontor Kassel GmbH', domain: 'recycling-kontor.example' },
  { name: 'Blauer Engel Bürobedarf Schmitt e.K.', domain: 'buerobedarf-schmitt.example' },
  { name: 'Hygiene-Profi Rhein-Main GmbH', domain: 'hygiene-profi.example' },
  { name: 'Taunus Papier & Druck GmbH', domain: 'taunus-papier.example' },
  { name: 'Naturfarben Werkstatt Fulda GmbH', domain: 'naturfarben-fulda.example' },
  { name: 'LED-Systeme Wetterau GmbH', domain: 'led-wetterau.example' },
  { name: 'Bioland Catering Hessen GmbH', domain: 'bioland-catering.example' },
  { name: 'Schulbedarf Vogelsberg OHG', domain: 'schulbedarf-vogelsberg.example' },
  { name: 'ReCycle IT Darmstadt GmbH', domain: 'recycle-it.example' },
  { name: 'Grünpflege Odenwald GmbH & Co. KG', domain: 'gruenpflege-odenwald.example' },
  { name: 'Öko-Textil Marburg GmbH', domain: 'oeko-textil.example' },
  { name: 'Kreislauf Möbel Gießen GmbH', domain: 'kreislauf-moebel.example' },
  { name: 'Sauber & Grün Gebäudedienste GmbH', domain: 'sauber-gruen.example' },
  { name: 'Energie-Effizienz Handel Hanau GmbH', domain: 'ee-handel-hanau.example' },
  { name: 'Papeterie Lahn-Dill GmbH', domain: 'papeterie-lahn-dill.example' },
  { name: 'Regionalmarkt Nordhessen eG', domain: 'regionalmarkt-nordhessen.example' },
  { name: 'Wasserspender Rhein-Main GmbH', domain: 'wasserspender-rm.example' },
  { name: 'Bürowelt Bergstraße GmbH', domain: 'buerowelt-bergstrasse.example' },
  { name: 'Klima-Kontor Frankfurt GmbH', domain: 'klima-kontor.example' },
  { name: 'Eco Office Solutions GmbH', domain: 'eco-office.example' },
  { name: 'Reinigungschemie Main-Kinzig GmbH', domain: 'reinigungschemie-mk.example' },
  { name: 'Holzwerkstatt Spessart GmbH', domain: 'holzwerkstatt-spessart.example' },
  { name: 'Druckerei Umweltdruck Wiesbaden GmbH', domain: 'umweltdruck-wiesbaden.example' },
  { name: 'E-Mobil Service Hessen GmbH', domain: 'emobil-hessen.example' },
  { name: 'Fair Kaffee Rösterei Offenbach GmbH', domain: 'fair-kaffee-of.example' },
  { name: 'Toner Rückläufer GmbH', domain: 'toner-ruecklaeufer.example' },
  { name: 'Spielgeräte Natur GmbH', domain: 'spielgeraete-natur.example' },
  { name: 'Hessen Hygienepapier AG', domain: 'hessen-hygienepapier.example' },
  { name: 'Solartechnik Rheingau GmbH', domain: 'solartechnik-rheingau.example' },
  { name: 'Gartenbau Kompost & Erden GmbH', domain: 'kompost-erden.example' },
  { name: 'Arbeitsschutz Grün GmbH', domain: 'arbeitsschutz-gruen.example' },
  { name: 'Mehrweg-Systeme Kassel GmbH', domain: 'mehrweg-kassel.example' },
  { name: 'Büroring Vordertaunus eG', domain: 'bueroring-vordertaunus.example' },
  { name: 'Lernmittel Oberhessen GmbH', domain: 'lernmittel-oberhessen.example' },
  { name: 'Streugut & Winterdienst Vogelsberg GmbH', domain: 'streugut-vogelsberg.example' },
];

/** Local parts of a supplier's first and (for some) second user. */
export const USER_LOCAL_PARTS = ['lieferant', 'buchhaltung'] as const;

export interface DemoDistrict {
  /** Null: the town itself (its centre). */
  name: string | null;
  zipCode: string;
}

export interface DemoTown {
  name: string;
  /** A Gemeinde's administration is a "Gemeindeverwaltung", a town's a "Stadtverwaltung". */
  kind: 'Stadt' | 'Gemeinde';
  districts: readonly DemoDistrict[];
  /** How many clients it has, relative to the others. */
  weight: number;
}

export const DEMO_TOWNS: readonly DemoTown[] = [
  {
    name: 'Hanau',
    kind: 'Stadt',
    weight: 6,
    districts: [
      { name: null, zipCode: '63450' },
      { name: 'Kesselstadt', zipCode: '63454' },
      { name: 'Großauheim', zipCode: '63457' },
      { name: 'Steinheim', zipCode: '63456' },
      { name: 'Klein-Auheim', zipCode: '63456' },
      { name: 'Mittelbuchen', zipCode: '63454' },
    ],
  },
  {
    name: 'Frankfurt am Main',
    kind: 'Stadt',
    weight: 7,
    districts: [
      { name: null, zipCode: '60311' },
      { name: 'Bornheim', zipCode: '60385' },
      { name: 'Sachsenhausen', zipCode: '60594' },
      { name: 'Höchst', zipCode: '65929' },
      { name: 'Bockenheim', zipCode: '60487' },
      { name: 'Nordend', zipCode: '60318' },
    ],
  },
  {
    name: 'Darmstadt',
    kind: 'Stadt',
    weight: 5,
    districts: [
      { name: null, zipCode: '64283' },
      { name: 'Eberstadt', zipCode: '64297' },
      { name: 'Arheilgen', zipCode: '64291' },
      { name: 'Bessungen', zipCode: '64285' },
      { name: 'Kranichstein', zipCode: '64289' },
    ],
  },
  {
    name: 'Offenbach am Main',
    kind: 'Stadt',
    weight: 3,
    districts: [
      { name: null, zipCode: '63065' },
      { name: 'Bieber', zipCode: '63073' },
      { name: 'Bürgel', zipCode: '63075' },
    ],
  },
  {
    name: 'Wiesbaden',
    kind: 'Stadt',
    weight: 4,
    districts: [
      { name: null, zipCode: '65183' },
      { name: 'Biebrich', zipCode: '65203' },
      { name: 'Schierstein', zipCode: '65201' },
    ],
  },
  {
    name: 'Kassel',
    kind: 'Stadt',
    weight: 4,
    districts: [
      { name: null, zipCode: '34117' },
      { name: 'Wilhelmshöhe', zipCode: '34131' },
      { name: 'Bettenhausen', zipCode: '34123' },
    ],
  },
  {
    name: 'Gießen',
    kind: 'Stadt',
    weight: 3,
    districts: [
      { name: null, zipCode: '35390' },
      { name: 'Wieseck', zipCode: '35396' },
    ],
  },
  {
    name: 'Marburg',
    kind: 'Stadt',
    weight: 2,
    districts: [
      { name: null, zipCode: '35037' },
      { name: 'Cappel', zipCode: '35043' },
    ],
  },
  { name: 'Fulda', kind: 'Stadt', weight: 2, districts: [{ name: null, zipCode: '36037' }] },
  { name: 'Bad Homburg v. d. Höhe', kind: 'Stadt', weight: 2, districts: [{ name: null, zipCode: '61348' }] },
  { name: 'Oberursel (Taunus)', kind: 'Stadt', weight: 2, districts: [{ name: null, zipCode: '61440' }] },
  { name: 'Langen (Hessen)', kind: 'Stadt', weight: 1, districts: [{ name: null, zipCode: '63225' }] },
  { name: 'Dreieich', kind: 'Stadt', weight: 1, districts: [{ name: null, zipCode: '63303' }] },
  { name: 'Rüsselsheim am Main', kind: 'Stadt', weight: 2, districts: [{ name: null, zipCode: '65428' }] },
  { name: 'Wetzlar', kind: 'Stadt', weight: 2, districts: [{ name: null, zipCode: '35578' }] },
  { name: 'Friedberg (Hessen)', kind: 'Stadt', weight: 1, districts: [{ name: null, zipCode: '61169' }] },
  { name: 'Bensheim', kind: 'Stadt', weight: 1, districts: [{ name: null, zipCode: '64625' }] },
  { name: 'Limburg a. d. Lahn', kind: 'Stadt', weight: 1, districts: [{ name: null, zipCode: '65549' }] },
  { name: 'Biebertal', kind: 'Gemeinde', weight: 1, districts: [{ name: null, zipCode: '35444' }] },
  { name: 'Hünstetten', kind: 'Gemeinde', weight: 1, districts: [{ name: null, zipCode: '65510' }] },
  { name: 'Niedernhausen', kind: 'Gemeinde', weight: 1, districts: [{ name: null, zipCode: '65527' }] },
  { name: 'Rodenbach', kind: 'Gemeinde', weight: 1, districts: [{ name: null, zipCode: '63517' }] },
  { name: 'Glashütten', kind: 'Gemeinde', weight: 1, districts: [{ name: null, zipCode: '61479' }] },
  {
    name: 'Lautertal (Odenwald)',
    kind: 'Gemeinde',
    weight: 1,
    districts: [{ name: null, zipCode: '64686' }],
  },
];

/**
 * Kinds of clients. `sameName`: every record of this kind in one town carries the same name
 * ("Stadtverwaltung Hanau" in several districts), so that a picker has to tell them apart by address.
 */
export interface DemoInstitution {
  kind: string;
  sameName: boolean;
  weight: number;
  streets: readonly string[];
}

export const DEMO_INSTITUTIONS: readonly DemoInstitution[] = [
  { kind: 'Verwaltung', sameName: true, weight: 5, streets: ['Am Markt', 'Rathausplatz', 'Marktplatz'] },
  { kind: 'Bauhof', sameName: true, weight: 3, streets: ['Industriestraße', 'Gewerbestraße', 'Am Bauhof'] },
  { kind: 'Grundschule', sameName: false, weight: 5, streets: ['Schulstraße', 'Lindenweg', 'Am Sportplatz'] },
  { kind: 'Gesamtschule', sameName: false, weight: 2, streets: ['Schulstraße', 'Berliner Straße'] },
  { kind: 'Gymnasium', sameName: false, weight: 2, streets: ['Goethestraße', 'Schillerstraße'] },
  { kind: 'Kita', sameName: false, weight: 5, streets: ['Kirchgasse', 'Blumenweg', 'Wiesenstraße'] },
  { kind: 'Stadtbibliothek', sameName: true, weight: 2, streets: ['Bahnhofstraße', 'Hauptstraße'] },
  { kind: 'Feuerwehr', sameName: false, weight: 2, streets: ['Feuerwehrstraße', 'Ringstraße'] },
  { kind: 'Hallenbad', sameName: false, weight: 1, streets: ['Badstraße', 'Am Sportpark'] },
];

/** Given names of schools and day-care centres. */
export const SCHOOL_NAMES = [
  'am Schlossgarten',
  'Pestalozzi',
  'Brüder Grimm',
  'an der Linde',
  'Erich Kästner',
  'am Mühlbach',
  'Tümpelgarten',
  'Otto Hahn',
  'Anne Frank',
  'Sophie Scholl',
];
export const KITA_NAMES = [
  'Sonnenschein',
  'Regenbogen',
  'Pusteblume',
  'Löwenzahn',
  'Kunterbunt',
  'Sternschnuppe',
];

export interface DemoArticle {
  name: string;
  /** Net price of one unit in euros (before the quantity). */
  unitPrice: number;
  /** Usual quantities ordered at once. */
  minQuantity: number;
  maxQuantity: number;
}

const a = (name: string, unitPrice: number, minQuantity: number, maxQuantity: number): DemoArticle => ({
  name,
  unitPrice,
  minQuantity,
  maxQuantity,
});

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  a('Recyclingpapier A4, 80 g/m², Blauer Engel, 500 Blatt', 4.19, 10, 400),
  a('Recyclingpapier A3, 80 g/m², Blauer Engel, 500 Blatt', 8.49, 5, 60),
  a('Recyclingpapier A4, 100 g/m², 250 Blatt', 5.29, 5, 80),
  a('Kopierkarton A4 recycelt, 160 g/m²', 9.9, 2, 30),
  a('Ordner Pappe recycelt, 8 cm', 2.15, 10, 200),
  a('Schnellhefter Karton recycelt', 0.39, 50, 1000),
  a('Bleistift FSC-Holz, HB', 0.29, 24, 500),
  a('Kugelschreiber nachfüllbar, recycelter Kunststoff', 1.35, 20, 300),
  a('Textmarker ohne Lösungsmittel', 0.89, 20, 200),
  a('Briefumschlag DL recycelt, 1000 Stück', 24.9, 1, 20),
  a('Versandtasche C4 recycelt, 250 Stück', 31.5, 1, 10),
  a('Notizblock A5 recycelt', 0.95, 20, 300),
  a('Collegeblock A4 Blauer Engel', 1.79, 20, 400),
  a('Heftumschläge Papier, 10 Stück', 3.2, 10, 200),
  a('Wachsmalkreiden Bienenwachs', 4.5, 10, 120),
  a('Holzbuntstifte FSC, 24 Farben', 6.9, 10, 150),
  a('Allzweckreiniger Blauer Engel, 10 l', 18.9, 2, 40),
  a('Sanitärreiniger EU Ecolabel, 10 l', 22.4, 2, 30),
  a('Glasreiniger Konzentrat, 1 l', 4.8, 6, 60),
  a('Handspülmittel EU Ecolabel, 5 l', 9.6, 2, 40),
  a('Geschirrspültabs phosphatfrei, 100 Stück', 14.9, 2, 30),
  a('Flüssigseife Blauer Engel, 5 l', 12.5, 2, 40),
  a('Handtuchpapier recycelt, Zickzack, 3000 Blatt', 19.8, 5, 100),
  a('Toilettenpapier recycelt, 3-lagig, 64 Rollen', 27.9, 3, 80),
  a('Müllbeutel Recyclat, 120 l, 250 Stück', 32.0, 1, 20),
  a('Mikrofasertücher, 10 Stück', 11.9, 2, 40),
  a('Wischmopp Baumwolle recycelt', 6.4, 5, 50),
  a('LED-Röhre T8, 18 W, 4000 K', 7.9, 10, 300),
  a('LED-Röhre T8, 36 W, 4000 K', 11.5, 10, 200),
  a('LED-Panel 62 × 62 cm, 30 W', 39.0, 4, 80),
  a('LED-Lampe E27, 8 W, warmweiß', 3.9, 10, 200),
  a('LED-Hallenstrahler 150 W', 189.0, 2, 30),
  a('LED-Straßenleuchte 40 W', 412.0, 1, 25),
  a('Präsenzmelder Deckeneinbau', 54.0, 2, 40),
  a('Steckdosenleiste schaltbar, 6-fach', 14.5, 5, 60),
  a('Druckerpatrone wiederbefüllt, schwarz', 18.5, 4, 60),
  a('Tonerkartusche remanufactured, schwarz', 49.0, 2, 40),
  a('Laptop refurbished, 14 Zoll', 389.0, 1, 30),
  a('Monitor refurbished, 24 Zoll', 119.0, 1, 40),
  a('Bio-Kaffee fair gehandelt, 1 kg', 16.9, 4, 60),
  a('Bio-Tee fair gehandelt, 100 Beutel', 6.8, 4, 50),
  a('Bio-Milch regional, 1 l, 12 Stück', 14.3, 2, 40),
  a('Mineralwasser regional, Mehrweg, 12 × 0,7 l', 6.9, 5, 120),
  a('Apfelsaft Streuobst, Mehrweg, 6 × 1 l', 11.4, 2, 60),
  a('Schulobst Bio, Kiste 10 kg', 24.0, 4, 80),
  a('Mittagessen Bio, Portion', 4.2, 100, 3000),
  a('Mehrweg-Becher 0,3 l, 100 Stück', 48.0, 1, 20),
  a('Arbeitshandschuhe Naturlatex, 12 Paar', 21.6, 2, 30),
  a('Arbeitsjacke Bio-Baumwolle', 59.0, 2, 30),
  a('Sicherheitsschuhe S3, ökologisch gegerbt', 84.0, 2, 20),
  a('Streusalz-Ersatz Granulat, 25 kg', 17.5, 10, 400),
  a('Rindenmulch regional, m³', 38.0, 2, 40),
  a('Kompost-Erde torffrei, 40 l', 5.9, 10, 300),
  a('Staudenmischung insektenfreundlich, 10 Stück', 29.0, 2, 40),
  a('Sitzbank Recyclingkunststoff', 329.0, 1, 10),
  a('Spielgerät Robinie, Kletterturm', 2890.0, 1, 2),
  a('Schreibtisch FSC-Buche, 160 × 80 cm', 449.0, 1, 20),
  a('Bürostuhl Blauer Engel', 279.0, 1, 30),
  a('Aktenschrank Holz FSC', 519.0, 1, 10),
  a('Lastenrad elektrisch, kommunal', 4890.0, 1, 2),
];

export const ADDITIONAL_INFORMATION = [
  'Lieferung an Hausmeister',
  'Rahmenvertrag 2024',
  'Abruf aus Rahmenvertrag',
  'Teillieferung',
  'Lieferung Anlieferzone Hof',
  'Ersatzlieferung',
  'Bestellung per E-Mail',
];
