// Configuration, read and validated once from the environment. Nothing else reads process.env.
import path from 'node:path';
import { z } from 'zod';
import type { SiteConfig } from '@lp/domain/entities';
import { UPLOAD_IDLE_TIMEOUT_MS } from '@lp/domain/limits';
import { WEB_DIST_DIR } from './paths';
import { HOLIDAY_STATES, type HolidayState } from './modules/reminders/working-days';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
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
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  tokenLifetimeSeconds: number;
  logLevel: string;
  demoData: boolean;
  site: SiteConfig;
  loginThrottle: LoginThrottleConfig;
  /** Send Strict-Transport-Security on answers served over TLS. */
  hsts: boolean;
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
  /** Directory of the built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  mail: MailConfig;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
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
    sessionCache: e.SESSION_CACHE === 'on',
    trustProxy: e.TRUST_PROXY,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadQueueLength: e.UPLOAD_QUEUE_LENGTH,
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    webDistDir: WEB_DIST_DIR,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      holidayState: e.HOLIDAY_STATE,
    },
  };
}
