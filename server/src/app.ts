// Builds the Fastify app from a database connection and the configuration. main.ts starts it;
// tests build it against their own database and call it through app.inject.
import crypto from 'node:crypto';
import '@lp/domain/zod-locale';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/connection';
import { DbRouter } from './db/read-router';
import { databaseRouting } from './http/database-routing';
import { authentication } from './http/authentication';
import { compression } from './http/compression';
import { answerClientError } from './http/client-errors';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerOpenApi, registerOpenApiRoutes } from './http/openapi';
import { bodyIdleTimeout } from './http/body-idle-timeout';
import { registerJsonBody } from './http/json-body';
import { rejectForbiddenCharacters } from './http/reject-forbidden-characters';
import { logAbortedRequests, OneLinePerRequest, requestLogSerializers } from './http/request-log';
import { collectRouteTable } from './http/route-table';
import { useZodSchemas } from './http/zod-schemas';
import { limitConnectionsPerAddress, minimumBodyRate, slowClientServerOptions } from './http/slow-clients';
import { securityHeaders } from './http/security-headers';
import { refuseWhileClosing } from './http/shutdown';
import { registerWebApp } from './http/web-app';
import { articlesRoutes } from './modules/articles/articles.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { reportingStatusRoutes } from './modules/reporting-status/reporting-status.routes';
import { authRoutes, logoutRoutes } from './modules/auth/auth.routes';
import { SessionCache } from './modules/auth/session-cache';
import type { SessionCheck } from './modules/auth/session-user.repository';
import { loadTokenKeys } from './modules/auth/tokens';
import { creditorsRoutes } from './modules/creditors/creditors.routes';
import { debitorsRoutes } from './modules/debitors/debitors.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { healthRoutes } from './modules/health/health.routes';
import { managementRoutes } from './modules/management/management.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { urgencyMailRoutes } from './modules/urgency-mail/urgency-mail.routes';
import { startMailQueue } from './modules/mail/mail.start';
import { createMailer } from './modules/mail/mailer';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { stopBookingsVacuum } from './modules/bookings/bookings.vacuum';
import { uploadBatchesRoutes } from './modules/upload-batches/upload-batches.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { usersSingleRoutes } from './modules/users/users-single.routes';
import { usersRoutes } from './modules/users/users.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present while SESSION_CACHE is on. */
    sessionCache?: SessionCache<SessionCheck>;
  }
}

/** One year: what browsers and the HSTS preload rules expect. Subdomains are left to their owners. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export interface AppDeps {
  db: Db;
  pool: pg.Pool;
  /** The streaming replica of DATABASE_READ_URL, if any (db/read-router.ts). */
  readDb?: Db;
  config: Config;
  /** Check every JSON answer against its route's schema (the API tests; see http/zod-schemas.ts). */
  checkResponses?: boolean;
  /** The session cache's listening connection (tests hold its notifications back). */
  createSessionListener?: () => pg.Client;
  /** Where log lines go; default stdout as JSON lines (main.ts passes logger.ts's choice). */
  logStream?: DestinationStream;
}

export async function buildApp({
  db,
  pool,
  readDb,
  config,
  checkResponses = false,
  createSessionListener = () => new pg.Client({ connectionString: pool.options.connectionString }),
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: requestLogSerializers,
            // Readable lines on a terminal, JSON lines elsewhere (logger.ts).
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    // A HEAD request would run the GET handler, and some GET handlers change data (an export marks
    // its bookings exported). So no HEAD routes are derived from GET routes; the web app's static
    // files register their own.
    exposeHeadRoutes: false,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (decisions.md section 12).
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While closing, refuseWhileClosing answers in German; idle keep-alive connections are closed.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Bounded time for headers and the whole request (http/slow-clients.ts).
    ...slowClientServerOptions(config.slowClients),
  });
  limitConnectionsPerAddress(app.server, config.slowClients.connectionsPerAddress, config.trustProxy);

  collectRouteTable(app);
  await app.register(refuseWhileClosing);
  await app.register(logAbortedRequests);
  useZodSchemas(app, { checkResponses });
  registerJsonBody(app);
  await app.register(bodyIdleTimeout, { idleTimeoutMs: config.uploadIdleTimeoutMs });
  if (config.slowClients.minBytesPerSecond > 0) await app.register(minimumBodyRate, config.slowClients);
  registerErrorHandler(app);
  await app.register(securityHeaders);
  // Before every route: the plugin adds its hook to each route as it is registered.
  await app.register(compression);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // HSTS only over TLS (a browser ignores it on plain HTTP): TLS here or at a proxy TRUST_PROXY names.
    if (config.hsts && request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // The vacuum after a write of many bookings runs beside the requests; a stopping server ends it.
  app.addHook('onClose', () => stopBookingsVacuum(pool));
  await registerOpenApi(app);
  const keys = await loadTokenKeys(db, config.tokenLifetimeSeconds);
  const router = new DbRouter(db, readDb, {
    onPrimaryUnavailable: (error) =>
      app.log.warn(`Primärdatenbank nicht erreichbar, Lesezugriffe gehen an das Replikat: ${String(error)}`),
  });
  await app.register(databaseRouting, { router });
  await app.register(authentication, {
    db,
    keys,
    sessions: startSessionCache(app, pool, config, createSessionListener),
    router,
    mfaForAdmins: config.mfaForAdmins,
  });
  await app.register(rejectForbiddenCharacters);
  await app.register(healthRoutes, { pool });
  await app.register(authRoutes, { db, keys, throttle: config.loginThrottle });
  await app.register(logoutRoutes, { db });
  const mailer = createMailer(config.mail);
  await app.register(usersSingleRoutes, { db });
  await app.register(usersRoutes, { db, mailer });
  await app.register(articlesRoutes, { db });
  await app.register(creditorsRoutes, { db });
  await app.register(debitorsRoutes, { db });
  await app.register(managementRoutes, { db });
  await app.register(bookingsRoutes, { db, pool, mailer });
  await app.register(uploadRoutes, { db, config, mailer });
  await app.register(auditRoutes);
  await app.register(exportsRoutes, { db });
  await app.register(uploadBatchesRoutes, { db });
  await app.register(reportingStatusRoutes);
  await app.register(mailRoutes, { db });
  await app.register(passwordResetRoutes, { db, mailer, throttle: config.loginThrottle });
  await app.register(urgencyMailRoutes, { db, mailer });
  await app.register(profileRoutes, { db });
  await app.register(mfaRoutes, { db, throttle: config.loginThrottle, mode: config.mfaForAdmins });
  await app.register(remindersRoutes, { db, mailer, demo: config.demoData });
  await startMailQueue(app, { db, pool, config, mailer });
  await registerOpenApiRoutes(app);
  await registerWebApp(app, config.webDistDir, config.site);
  return app;
}

/** The session cache, listening on a connection of its own from now until the app closes. */
function startSessionCache(
  app: FastifyInstance,
  pool: pg.Pool,
  config: Config,
  createListener: () => pg.Client,
) {
  if (!config.sessionCache) return undefined;
  const sessions = new SessionCache<SessionCheck>({ pool, createListener, log: app.log });
  app.decorate('sessionCache', sessions);
  sessions.start();
  app.addHook('onClose', () => sessions.stop());
  return sessions;
}
