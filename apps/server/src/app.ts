import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { BASE_PATH, type Environment } from '@portal/contracts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { purgeExpiredPayloads } from './identity/adapter.ts';
import { registerInteractionRoutes } from './identity/interaction-routes.ts';
import { registerPasskeyEnrolmentRoutes } from './identity/passkey-enrolment-step.ts';
import { registerPasskeySigninRoutes } from './identity/passkey-signin-routes.ts';
import { registerNewPasswordRoute } from './identity/new-password-step.ts';
import { registerSignUpRoutes } from './identity/sign-up-routes.ts';
import { purgeExpiredCodes } from './identity/verification-codes.ts';
import { registerPasswordRoutes } from './modules/account/password-routes.ts';
import { registerProfileRoutes } from './modules/account/profile-routes.ts';
import { registerAgencyRoutes } from './modules/agency/routes.ts';
import { registerAppRoutes } from './modules/apps/routes.ts';
import { countProviderActivity } from './modules/dashboard/activity-events.ts';
import { registerDashboardRoutes } from './modules/dashboard/routes.ts';
import { registerDeviceRoutes } from './modules/device/routes.ts';
import { registerReportRoutes } from './modules/report/routes.ts';
import { registerNotificationRoutes } from './modules/notification/routes.ts';
import { registerMailOutboxRoutes } from './modules/mail-outbox/routes.ts';
import { startRealtime } from './platform/realtime/realtime.ts';
import { registerTwoFaConfigRoutes } from './modules/two-factor/config-routes.ts';
import { registerMyTwoFactorRoutes } from './modules/two-factor/my-two-factor-routes.ts';
import { registerMyPasskeyRoutes } from './modules/two-factor/my-passkey-routes.ts';
import { registerMyAppRoutes } from './modules/two-factor/my-app-routes.ts';
import { registerFactorAdminRoutes } from './modules/two-factor/factor-admin-routes.ts';
import { ANSWER_ENCODINGS, COMPRESS_FROM_BYTES, PER_REQUEST_BROTLI_QUALITY } from './platform/compression.ts';
import { purgeExpiredRateLimits } from './platform/rate-limit.ts';
import type { ProviderKeys } from './identity/keys.ts';
import { createProvider, identityUrls, API_SCOPE, SPA_CLIENT_ID } from './identity/provider.ts';
import { mountProvider } from './identity/provider-mount.ts';
import { countTokenGrants } from './identity/grant-metrics.ts';
import { createTokenVerifier } from './identity/tokens.ts';
import { appAuthenticator } from './identity/app-credentials.ts';
import { liveGrants } from './identity/live-grants.ts';
import { registerLogRoutes } from './modules/log/routes.ts';
import { registerLookupRoutes } from './modules/lookup/routes.ts';
import { registerRoleRoutes } from './modules/role/routes.ts';
import { startTrialUnit } from './modules/unit/create-unit.ts';
import { startProvisioningWorker } from './modules/provisioning/worker.ts';
import { startCampaignSender } from './modules/system/campaign-sender.ts';
import type { QueueWorker } from './platform/outbox/queue-worker.ts';
import { wakeOutboxesOnCommit } from './platform/outbox/wake.ts';
import { registerServiceAppRoutes } from './modules/service-apps/routes.ts';
import { registerServiceRoutes } from './modules/service/routes.ts';
import { registerPackageRoutes } from './modules/package/routes.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerUnitRoutes } from './modules/unit/routes.ts';
import { registerUserRoutes } from './modules/user/routes.ts';
import { API_DOCS_PATH, registerAccessControl } from './platform/access.ts';
import { cachedActorLoader } from './platform/actor.ts';
import { startInvalidation } from './platform/cache/invalidation.ts';
import { failureBody, registerErrorEnvelope } from './platform/envelope.ts';
import { AppError } from './platform/errors.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { observeRequests, registerPublicMetrics } from './platform/metrics/metrics-routes.ts';
import { loggerOptions, registerRequestLog, requestIdOf } from './platform/logging.ts';
import { registerHealthRoutes } from './platform/health-routes.ts';
import { registerDrain } from './platform/shutdown.ts';
import { languageOf } from './platform/language.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createSmsSender } from './platform/sms/sms-sender.ts';
import { createSecretBox } from './platform/secrets.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { answerClientError } from './platform/client-errors.ts';
import { isSpaPath, registerSpa } from './platform/spa.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { storableInputValidator } from './platform/storable-input.ts';
import { allowListOf } from './platform/outbound/addresses.ts';
import { createOutbound } from './platform/outbound/outbound.ts';
import { applyPagePolicy } from './identity/page-policy.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  keys: ProviderKeys;
  /** The built SPA; defaults to apps/web/dist. */
  webRoot?: string;
  /** The server's clock; tests pass a manual one. */
  clock?: Clock;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What the SPA reads from /sso-fe/env.json: everything is derived from PUBLIC_URL. */
export function spaEnvironment(config: Pick<Config, 'publicUrl'>): Environment {
  const urls = identityUrls(config);
  return {
    apiEndpoint: urls.apiResource,
    authority: urls.issuer,
    realtimeUrl: config.publicUrl,
    clientId: SPA_CLIENT_ID,
    clientRoot: `${config.publicUrl}${BASE_PATH}/`,
    clientScope: `openid profile email ${API_SCOPE}`,
    apiRoot: config.publicUrl,
    imageRoot: `${config.publicUrl}${BASE_PATH}/images`,
    logoutUrl: urls.spaPostLogoutRedirectUri,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    portal: AppContext;
    /** This instance's e-mail campaign sender: its owner stops it, tests drive it with `runOnce()`. */
    campaignSender: QueueWorker;
  }
}

/** The whole portal as one Fastify instance: tests inject into it, main.ts listens with it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, keys } = options;
  const { db } = database;
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    // Fastify's two lines per request are off: registerRequestLog writes one.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    // Node checks the request timeout on this beat (30 s by default, too coarse for a short limit).
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs) },
    clientErrorHandler: answerClientError,
  });
  registerSecurityHeaders(app, config.publicUrl);
  registerRequestLog(app);
  const metrics = createMetrics({ db, poolUse: database.poolUse, liveConnections: () => realtimeConnections() });
  observeRequests(app, metrics);
  // The live connections start later (they need the access checks' dependencies).
  let realtimeConnections = () => 0;
  // API answers are compressed when large enough to gain (the SPA's files are compressed at build).
  // Up to 32 KiB (a page of any list) in one synchronous call, ~0.3 ms at this quality: through
  // zlib's stream and thread pool, which the plugin uses above 8 KiB on two cores, a page of 20
  // users took ~1.8 ms longer to answer.
  await app.register(fastifyCompress, {
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: 32 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
  });
  app.setValidatorCompiler(storableInputValidator);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorEnvelope(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SSO portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });

  const clock = options.clock ?? systemClock;
  const mailer = createMailer({ db, clock, smtpUrl: config.smtpUrl, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const sms = createSmsSender({ db, clock, gatewayUrl: config.smsGatewayUrl, log: app.log });
  app.addHook('onClose', () => sms.close());
  const urls = identityUrls(config);
  const verifyToken = createTokenVerifier({ issuer: urls.issuer, audience: urls.apiResource, clientId: SPA_CLIENT_ID, scope: API_SCOPE, keys });
  const secrets = createSecretBox(config);
  const invalidation = await startInvalidation(database);
  app.addHook('onClose', () => invalidation.close());
  const grantAlive = liveGrants(db, invalidation);
  const realtime = await startRealtime(app, { db, verifyToken, grantAlive, redisUrl: config.redisUrl, clock });
  realtimeConnections = () => realtime.connections();
  // A call that may have written waits until this instance's caches have heard of it, so the
  // caller's next request reads their own change (other instances hear it within milliseconds).
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return;
    const operation = request.routeOptions.config.resource?.operation;
    if (operation === 'search' || operation === 'get') return;
    await invalidation.barrier();
  });
  const actors = cachedActorLoader(db, invalidation);
  const outbound = createOutbound(allowListOf(config.outboundAllowed));
  app.addHook('onClose', () => outbound.close());
  const provider = createProvider({ config, db, keys, secrets, clock, actors, outbound });
  applyPagePolicy(provider);
  // A sign-out (or any revocation) ends that browser's live connections too.
  provider.on('grant.revoked', (_ctx, grantId: string) => realtime.sessionsEnded([grantId]));
  countProviderActivity(provider, { db, realtime, clock, log: app.log });
  countTokenGrants(provider, metrics);
  const provisioning = startProvisioningWorker({ db, secrets, provider, clock, outbound, log: app.log, concurrency: config.syncConcurrency });
  app.addHook('onClose', () => provisioning.stop());
  const campaigns = startCampaignSender({ db, clock, mailer, log: app.log });
  app.addHook('onClose', () => campaigns.stop());
  const stopWaking = await wakeOutboxesOnCommit(database.listen, {
    provisioning_outbox: () => provisioning.kick(),
    mail_outbox: mailer.worker && (() => mailer.worker?.kick()),
    sms_outbox: sms.worker && (() => sms.worker?.kick()),
  });
  app.addHook('onClose', () => stopWaking());
  const context: AppContext = { config, db, mailer, sms, realtime, clock, secrets, invalidation, actors, outbound, metrics, kickProvisioning: () => provisioning.kick() };
  // What the routes share, reachable from the instance for the workers' owners (and tests).
  app.decorate('portal', context);
  app.decorate('campaignSender', campaigns);
  const authenticateApp = appAuthenticator({ db, secrets, keys, issuer: urls.issuer, notificationResource: urls.notificationResource });
  registerAccessControl(app, { db, verifyToken, grantAlive, loadActor: actors, authenticateApp });

  registerDrain(app);
  registerHealthRoutes(app, { db });
  registerPublicMetrics(app, metrics, config.metricsToken);
  registerInteractionRoutes(app, context, provider);
  registerPasskeySigninRoutes(app, context, provider);
  registerPasskeyEnrolmentRoutes(app, context, provider);
  registerSignUpRoutes(app, context, provider, startTrialUnit);
  registerNewPasswordRoute(app, context, provider);
  await mountProvider(app, provider);
  registerUserRoutes(app, context);
  registerUnitRoutes(app, context);
  registerRoleRoutes(app, context);
  registerLogRoutes(app, context);
  registerLookupRoutes(app, context);
  registerProfileRoutes(app, context);
  registerPasswordRoutes(app, context);
  registerAppRoutes(app, context);
  registerAgencyRoutes(app, context);
  registerMyTwoFactorRoutes(app, context);
  registerMyPasskeyRoutes(app, context);
  registerMyAppRoutes(app, context);
  registerFactorAdminRoutes(app, context);
  registerTwoFaConfigRoutes(app, context);
  registerDeviceRoutes(app, context);
  registerMailOutboxRoutes(app, context);
  registerServiceAppRoutes(app, context);
  registerSystemRoutes(app, context);
  registerServiceRoutes(app, context);
  registerPackageRoutes(app, context);
  registerDashboardRoutes(app, context);
  registerReportRoutes(app, context);
  registerNotificationRoutes(app, context);
  const spaServed = await registerSpa(app, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT, environment: spaEnvironment(config) });

  app.setNotFoundHandler(async (request, reply) => {
    if (isSpaPath(request.url) && request.method === 'GET' && spaServed) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(failureBody(new AppError('request.not_found'), languageOf(request)));
  });

  const purge = setInterval(() => {
    Promise.all([purgeExpiredPayloads(db), purgeExpiredCodes(db, clock.now()), purgeExpiredRateLimits(db, clock.now())]).catch((error: unknown) =>
      app.log.error({ err: error }, 'purging expired sessions, codes and counters failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return app;
}
