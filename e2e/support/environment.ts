// What the e2e server is started with; specs assert against the same values.
// E2E_PORT lets two checkouts run their browser tests side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** The test relay the password-reset spec listens on; the server delivers its mails there. */
export const E2E_SMTP_PORT = E2E_PORT + 1000;

export const ADMIN = { email: 'admin@e2e.example', password: 'E2e-Admin-Passwort-1' } as const;

export const FOOTER = {
  contacts: [
    { name: 'Erika Musterfrau', email: 'erika.musterfrau@e2e.example', phone: '+49 30 1234567-10' },
    { name: 'Jonas Beispiel', email: 'jonas.beispiel@e2e.example', phone: '+49 30 1234567-20' },
  ],
  creditLine: 'E2E-Prüfumgebung – Lieferantenportal der kommunalen Ökobeschaffung',
} as const;

/** Environment of the server under test (see start-server.ts). */
export function serverEnvironment(dataDir: string): Record<string, string> {
  const [first, second] = FOOTER.contacts;
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Always a fresh embedded database, even when the shell has a DATABASE_URL.
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Every spec signs in, often several times a minute; the production limit would refuse them.
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
    FOOTER_CONTACT1_NAME: first.name,
    FOOTER_CONTACT1_EMAIL: first.email,
    FOOTER_CONTACT1_PHONE: first.phone,
    FOOTER_CONTACT2_NAME: second.name,
    FOOTER_CONTACT2_EMAIL: second.email,
    FOOTER_CONTACT2_PHONE: second.phone,
    FOOTER_CREDIT_LINE: FOOTER.creditLine,
    // Mail goes to the spec's relay (password-reset.spec.ts); while none listens it is only retried.
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    PUBLIC_URL: BASE_URL,
  };
}
