// Configuration, read and validated once from the environment. Nothing else reads process.env.
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import type { SiteConfig } from '@lp/domain/entities';
import { UPLOAD_IDLE_TIMEOUT_MS } from '@lp/domain/limits';
import { WEB_DIST_DIR } from './paths';
import { HOLIDAY_STATES, type HolidayState } from '@lp/domain/holidays';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/**
 * A PostgreSQL address. Checked here, so that a password with an unencoded `/`, `@` or `#` stops the
 * start with a line naming the variable (not pg's "Invalid URL" on every reconnect). The message never
 * repeats the value: it holds the password.
 */
export const postgresUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const url = new URL(v);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    {
      message:
        'keine gültige Adresse der Form postgres://BENUTZER:PASSWORT@HOST:PORT/DATENBANK ' +
        '(Sonderzeichen im Passwort prozentkodiert, z. B. / als %2F, @ als %40, # als %23)',
    },
  );

// Every variable once, with its default and check; the German messages come from zod's German
// locale (readConfig). Adding a variable: one line here and its field in Config below.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: postgresUrl,
  DATABASE_READ_URL: postgresUrl,
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  TOKEN_LIFETIME_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(480),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: optionalText,
  FOOTER_CONTACT1_NAME: z.string().default('Servicestelle Ökobeschaffung'),
  FOOTER_CONTACT1_EMAIL: z.string().default('service@example.org'),
  FOOTER_CONTACT1_PHONE: z.string().default('+49 000 000000-0'),
  FOOTER_CONTACT2_NAME: z.string().default('Vertretung Servicestelle'),
  FOOTER_CONTACT2_EMAIL: z.string().default('vertretung@example.org'),
  FOOTER_CONTACT2_PHONE: z.string().default('+49 000 000000-1'),
  FOOTER_CREDIT_LINE: z.string().default('Lieferantenportal – ein Angebot der kommunalen Ökobeschaffung'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  LOGIN_ACCOUNT_LOCK_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  HSTS: z.enum(['on', 'off']).default('on'),
  MFA_FOR_ADMINS: z.enum(['optional', 'required']).default('optional'),
  SESSION_CACHE: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  UPLOAD_QUEUE_LENGTH: z.coerce.number().int().min(1).max(1000).default(20),
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(UPLOAD_IDLE_TIMEOUT_MS),
  REQUEST_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  REQUEST_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(500),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(128),
  // E-mail (decisions.md section 13).
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Lieferantenportal <noreply@localhost>'),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  HOLIDAY_STATE: z.enum(HOLIDAY_STATES).default('HE'),
});

/** Login throttling (decisions.md section 12): counters live in PostgreSQL, shared by every server. */
export interface LoginThrottleConfig {
  /** Login attempts per client address and window. */
  addressLimit: number;
  addressWindowSeconds: number;
  /** Consecutive failed logins of one user name before it has to wait. */
  accountMaxFailures: number;
  /** The first wait; each further one doubles, up to accountLockMaxSeconds. */
  accountLockSeconds: number;
  accountLockMaxSeconds: number;
}

/** Bounds on slow clients, applied by http/slow-clients.ts. */
export interface SlowClientLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  minBytesPerSecond: number;
  /** How long a body may take before its rate is judged (a slow start, a TLS proxy's buffering). */
  minRateGraceMs: number;
  connectionsPerAddress: number;
}

/** E-mail (decisions.md section 13). */
export interface MailConfig {
  /** The relay; undefined: mails are stored as `unsent` only. */
  smtpUrl: string | undefined;
  from: string;
  /** The base of every link in a mail, without a trailing slash; never a request's Host. */
  publicUrl: string;
  /** German state whose public holidays are no working days. */
  holidayState: HolidayState;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of databaseUrl for the marked reads (db/read-router.ts); needs databaseUrl. */
  databaseReadUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  tokenLifetimeSeconds: number;
  logLevel: string;
  demoData: boolean;
  site: SiteConfig;
  loginThrottle: LoginThrottleConfig;
  /** Send Strict-Transport-Security on answers served over TLS. */
  hsts: boolean;
  /** `required`: an admin without a second factor can do nothing but enrol (decisions.md section 15). */
  mfaForAdmins: 'optional' | 'required';
  /** Keep session checks of GET requests in memory, emptied on PostgreSQL's announcements (decision 0034). */
  sessionCache: boolean;
  /** Proxies whose forwarded headers are believed; false: none. */
  trustProxy: TrustProxy;
  /** Uploads imported at once (each holds a parsed file in memory), served round-robin across users. */
  uploadConcurrency: number;
  /** Uploads admitted at once across all users (receiving, waiting or running); more answer 429. */
  uploadQueueLength: number;
  /** An upload whose body stops arriving for this long is ended, and its place freed. */
  uploadIdleTimeoutMs: number;
  /** Bounds on slow clients (http/slow-clients.ts). */
  slowClients: SlowClientLimits;
  /** Directory of the built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  mail: MailConfig;
}

export class ConfigError extends Error {}

/** Zod's German messages, for the operator reading the one line a wrong variable stops the start with. */
const germanMessages = z.locales.de().localeError;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env, { error: germanMessages });
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Ungültige Konfiguration: ${details}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Ungültige Konfiguration: DATABASE_READ_URL braucht DATABASE_URL (den Primärserver)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    tokenLifetimeSeconds: e.TOKEN_LIFETIME_MINUTES * 60,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA === '1' || e.DEMO_DATA === 'true',
    site: {
      contacts: [
        { name: e.FOOTER_CONTACT1_NAME, email: e.FOOTER_CONTACT1_EMAIL, phone: e.FOOTER_CONTACT1_PHONE },
        { name: e.FOOTER_CONTACT2_NAME, email: e.FOOTER_CONTACT2_EMAIL, phone: e.FOOTER_CONTACT2_PHONE },
      ],
      creditLine: e.FOOTER_CREDIT_LINE,
    },
    loginThrottle: {
      addressLimit: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      addressWindowSeconds: 60,
      accountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
      accountLockSeconds: e.LOGIN_ACCOUNT_LOCK_SECONDS,
      accountLockMaxSeconds: Math.max(e.LOGIN_ACCOUNT_LOCK_SECONDS, e.LOGIN_ACCOUNT_LOCK_MAX_SECONDS),
    },
    hsts: e.HSTS === 'on',
    mfaForAdmins: e.MFA_FOR_ADMINS,
    sessionCache: e.SESSION_CACHE === 'on',
    trustProxy: e.TRUST_PROXY,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadQueueLength: e.UPLOAD_QUEUE_LENGTH,
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    slowClients: {
      headersTimeoutMs: e.REQUEST_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      minBytesPerSecond: e.REQUEST_MIN_BYTES_PER_SECOND,
      minRateGraceMs: 10_000,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    },
    webDistDir: WEB_DIST_DIR,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      holidayState: e.HOLIDAY_STATE,
    },
  };
}

/**
 * The env file (decisions.md section 1: "environment or a config file"): `ENV_FILE`, or `.env` in the
 * working directory when it exists. Variables already set win, as with Node's `--env-file-if-exists`;
 * loaded here rather than by that flag, which prints an English "not found" line on every start
 * without a file, and so that `node server/dist/main.mjs` and every command-line tool read it alike.
 */
function loadEnvFile(env: NodeJS.ProcessEnv): void {
  const file = env.ENV_FILE?.trim() || '.env';
  if (!fs.existsSync(file)) {
    if (env.ENV_FILE?.trim())
      throw new ConfigError(`Ungültige Konfiguration: ENV_FILE: ${file} gibt es nicht`);
    return;
  }
  try {
    for (const [name, value] of Object.entries(parseEnv(fs.readFileSync(file, 'utf8')))) {
      env[name] ??= value;
    }
  } catch (error) {
    throw new ConfigError(
      `Ungültige Konfiguration: ENV_FILE: ${file} ist nicht lesbar (${(error as Error).message})`,
    );
  }
}

/**
 * readConfig for the server and the command-line tools, before anything else runs: a wrong variable
 * prints one German line on stderr and ends the process with exit code 1, no stack trace.
 */
export function readConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    loadEnvFile(env);
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
