import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIn } from '@common/domain/business-days';
import type { Config } from './config';
import { pingOf, type Db } from './db/client';
import type pg from 'pg';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { activityRoutes, createActivityService } from './modules/activity';
import { announcementRoutes, createAnnouncementsService } from './modules/announcements';
import { activityReportLimit, authRoutes, createAuthService, createSessionReads, HashGate } from './modules/auth';
import { cartReferences, cartRoutes, createCartsService } from './modules/carts';
import { calendarRoutes, createCalendarService } from './modules/calendar';
import { createFilesService, filesRoutes } from './modules/files';
import { healthRoutes } from './modules/health';
import { createEmailsService, createMailOutbox, emailRoutes } from './modules/mail';
import { apiTokenRoutes, createApiTokensService } from './modules/api-tokens';
import { createMerchandiseAdmin, createMerchandiseService, createMerchandiseUploads, merchandiseRoutes } from './modules/merchandise';
import { backorderRoutes, createLotsService, incomingLoadsOf, lotsRoutes } from './modules/lots';
import { createOrdersService, orderReferences, orderRoutes } from './modules/orders';
import { companyRoutes, createCompaniesService, createRepAssignmentsService, createRepsImport, findCompany, repAssignmentRoutes } from './modules/companies';
import { createPriceListService, priceCandidates, priceListRoutes, pricesVersion } from './modules/price-list';
import { createPriceOverlay, createProductsService, productsRoutes } from './modules/products';
import { createQuotesService, quoteRoutes } from './modules/quotes';
import { createSettingsService, settingsRoutes } from './modules/settings';
import { createStockService, stockRoutes } from './modules/stock';
import { createImportsService, importsRoutes } from './modules/imports';
import { createEmailChanges, createUsersService, emailChangeRoutes, userRoutes } from './modules/users';
import { createWebhooksService, webhookRoutes } from './modules/webhooks';
import { accessPlugin } from './plugins/access';
import { registerBodyDeadline } from './plugins/body-deadline';
import { idempotencyPlugin } from './plugins/idempotency';
import { registerErrorHandling } from './plugins/errors';
import { registerHsts } from './plugins/hsts';
import { registerLifecycleHooks } from './plugins/lifecycle';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { listenForSessionChanges, SessionCache } from './plugins/session-cache';
import { registerSessions, sessionOf } from './plugins/sessions';
import { registerSpa } from './plugins/spa';

export interface AppDeps {
  db: Db;
  config: Config;
  sessionSecret: string;
  /** Built client to serve (dist/client); omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  /** Today's calendar date for order rules; tests pin it. Default: the process's local date. */
  today?: () => string;
  /**
   * main.ts listens before it migrates (ADR 0171): with a lifecycle, the app is built without
   * touching the database and answers 503 until `lifecycle.markReady()`. Without one (tests),
   * the database is ready and so is the app.
   */
  lifecycle?: Lifecycle;
  /** The health checks' way to the database; default the ping of the Database `db` came from (ADR 0170). */
  ping?: () => Promise<void>;
  /**
   * The session and user cache kept while a LISTEN connection hears every change (docs/decisions/0232);
   * default on. A test of the database's own reads may turn it off.
   */
  sessionCache?: boolean;
  /** Tests: collect answers whose status the OpenAPI document does not list (app.undocumentedAnswers, ADR 0181). */
  checkUndocumentedStatuses?: boolean;
}

/** Builds the whole HTTP application; main.ts and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.body.password'] },
    // One line per request drowns the console; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // HTTP timeouts (ADR 0171, docs/operations.md). Fastify's default 0 would switch Node's off too.
    // This one is sized for a file upload; every other body has HTTP_BODY_TIMEOUT_MS (plugins/body-deadline.ts, ADR 0202).
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Headers come first and are small; they get at most a minute of the request's time.
      headersTimeout: Math.min(config.HTTP_REQUEST_TIMEOUT_MS, 60_000),
      // Node enforces the request timeout on this tick (default 30 s): a quarter of it, at most 5 s.
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.HTTP_REQUEST_TIMEOUT_MS / 4)),
    },
    // Idle keep-alive sockets are closed when the listener closes, after the readiness delay (main.ts).
    forceCloseConnections: 'idle',
    // A request that reached us before close() is served during the drain, not refused with 503 (ADR 0060).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First: a body trickling in must meet its deadline whatever the hooks after this one answer (docs/decisions/0202).
  registerBodyDeadline(app, { timeoutMs: config.HTTP_BODY_TIMEOUT_MS });
  const lifecycle = deps.lifecycle ?? createLifecycle();
  registerLifecycleHooks(app, lifecycle);

  await registerSecurity(app);
  registerHsts(app, config.TRUST_PROXY);
  // Before compression: its onSend hook must see the answer as the route sent it, to keep it (ADR 0182).
  await app.register(idempotencyPlugin, { db });
  await app.register(compress, { threshold: 1024 });
  // Uploads are streamed by the routes that take them; these limits stop a request before it grows.
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 20, fields: 20, fieldSize: 64 * 1024, parts: 60 },
  });
  // One statement reads a request's session and its live user (the auth module's read); a server keeps
  // what it read only while it hears every change on its LISTEN connection, so an ended session is
  // still refused by every server at once (ADRs 0176, 0232).
  const sessionCache = deps.sessionCache === false ? undefined : new SessionCache();
  await registerSessions(app, {
    db,
    secret: deps.sessionSecret,
    trustProxy: config.TRUST_PROXY,
    readSessions: createSessionReads(db),
    cache: sessionCache,
  });
  if (sessionCache) {
    let listener: ReturnType<typeof listenForSessionChanges> | undefined;
    let closed = false;
    const startListening = () => {
      if (closed) return;
      listener = listenForSessionChanges({ connection: (db as Db & { $client: pg.Pool }).$client.options, cache: sessionCache, log: app.log });
    };
    app.addHook('onClose', async () => {
      closed = true;
      await listener?.stop();
    });
    // The LISTEN connection needs the database; main.ts prepares it after listening.
    if (deps.lifecycle) deps.lifecycle.whenPrepared(async () => startListening());
    else startListening();
  }
  // Before the routes: it collects each one as it is added.
  await registerOpenApi(app, { checkUndocumentedStatuses: deps.checkUndocumentedStatuses });

  // Services are built here and handed to each other: a module uses another only through its index.ts.
  const activity = createActivityService(db);
  const settings = createSettingsService(db);
  const mail = createMailOutbox(db);
  const products = createProductsService({ db, settings });
  // A start-up write: it needs the migrated database, which main.ts prepares after listening.
  if (deps.lifecycle) {
    deps.lifecycle.whenPrepared(async () => {
      await products.ensureVersion();
      // Ready with the catalogue built (ADR 0200): a rolling restart's new server never makes its
      // first visitor wait for it. A failure here is not fatal: the first request builds it then.
      await products.warm().catch((error: unknown) => app.log.warn({ err: error }, 'catalogue warm-up failed; built on first request'));
    });
  }
  else await products.ensureVersion();
  const merchandise = createMerchandiseService({ db, activity });
  // Every file upload's preview, confirm, cancel and history; each kind registers itself (docs/decisions/0220).
  const imports = createImportsService(db);
  const merchandiseUploads = createMerchandiseUploads({ db, activity, imports });
  // A line past the stock is a backorder when incoming loads cover it (docs/decisions/0238).
  const carts = createCartsService({ db, activity, products, merchandise, orders: orderReferences, today: deps.today, incoming: { loadsOf: incomingLoadsOf } });
  const calendar = createCalendarService({ db, activity, today: deps.today ?? (() => todayIn()) });
  const webhooks = createWebhooksService({ db, activity, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, log: app.log });
  const lots = createLotsService({
    db,
    activity,
    products,
    carts,
    mail,
    imports,
    events: webhooks.publisher,
    settings,
    mailFrom: config.ORDER_EMAIL_FROM,
    log: app.log,
  });
  const orders = createOrdersService({
    db,
    lots,
    stock: products,
    calendar,
    activity,
    carts,
    mail,
    events: webhooks.publisher,
    email: { from: config.ORDER_EMAIL_FROM, to: config.ORDER_EMAIL_TO },
    // The business's calendar is this process's local date (set TZ); docs/decisions/0042.
    today: deps.today ?? (() => todayIn()),
  });
  const auth = createAuthService({
    db,
    activity,
    carts,
    allowRegistration: config.ALLOW_REGISTRATION,
    hashGate: HashGate.withDefaults(config.LOGIN_HASH_CONCURRENCY),
  });
  const stock = createStockService({
    db,
    activity,
    products,
    lots,
    settings,
    carts: cartReferences,
    events: webhooks.publisher,
    maxUploadMb: config.MAX_UPLOAD_MB,
    importStatementTimeoutMs: config.DB_IMPORT_STATEMENT_TIMEOUT_MS,
    imports,
  });
  const apiTokens = createApiTokensService({ db, activity, requestsPerMinute: config.API_TOKEN_RATE_LIMIT });
  await app.register(accessPlugin, {
    loadUser: (request) => auth.loadSessionUser(sessionOf(request)),
    authenticateToken: (token) => apiTokens.authenticate(token),
  });

  await app.register(healthRoutes, { db, ping: deps.ping ?? pingOf(db), phase: () => lifecycle.phase });
  await app.register(apiTokenRoutes, { apiTokens });
  await app.register(webhookRoutes, { webhooks });
  await app.register(authRoutes, { auth });
  await app.register(settingsRoutes, { settings });
  await app.register(cartRoutes, { carts });
  await app.register(orderRoutes, { orders });
  // Project quotes and their lot holds (docs/decisions/0236, 0237).
  const quotes = createQuotesService({
    db,
    activity,
    products,
    orders,
    mail,
    events: webhooks.publisher,
    email: { from: config.ORDER_EMAIL_FROM, to: config.ORDER_EMAIL_TO },
    today: deps.today ?? (() => todayIn()),
  });
  await app.register(quoteRoutes, { quotes });
  await app.register(calendarRoutes, { calendar });
  await app.register(filesRoutes, { files: createFilesService({ db, activity }), maxUploadMegabytes: config.MAX_UPLOAD_MB });
  const users = createUsersService({ db, activity, mail, mailFrom: config.ORDER_EMAIL_FROM, notifyRequests: lots, imports });
  await app.register(userRoutes, { users });
  // Companies, locations and buyers (docs/decisions/0230); a new buyer is made by Create User.
  await app.register(companyRoutes, { companies: createCompaniesService({ db, activity, events: webhooks.publisher, users }) });
  // Salespeople assigned to companies order for them (docs/decisions/0235).
  const reps = createRepAssignmentsService({ db, activity });
  await app.register(repAssignmentRoutes, { reps, repsImport: createRepsImport({ db, reps, imports }) });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  await app.register(emailChangeRoutes, {
    emailChanges: createEmailChanges({ db, activity, mail, mailFrom: config.ORDER_EMAIL_FROM, publicUrl, passwords: auth }),
  });
  await app.register(announcementRoutes, { announcements: createAnnouncementsService(db) });
  await app.register(activityRoutes, { activity, reportLimit: activityReportLimit(db) });
  const merchandiseAdmin = createMerchandiseAdmin({ db, activity, carts: cartReferences, orders: orderReferences });
  await app.register(merchandiseRoutes, { merchandise, admin: merchandiseAdmin, uploads: merchandiseUploads });
  // A dealer's prices beside the one shared catalogue body (docs/decisions/0232).
  const prices = createPriceOverlay({
    db,
    candidates: (tx, companyId) => priceCandidates(tx, companyId, null),
    pricesVersion: (tx) => pricesVersion(tx),
    catalogueVersion: async (tx) => (await products.versionIn(tx)) ?? 'none',
    today: deps.today ?? (() => todayIn()),
    company: (tx, companyId) => findCompany(tx, companyId),
  });
  await app.register(productsRoutes, { products, prices, today: deps.today ?? (() => todayIn()) });
  await app.register(stockRoutes, { stock, maxUploadMb: config.MAX_UPLOAD_MB });
  await app.register(lotsRoutes, { lots, maxUploadMb: config.MAX_UPLOAD_MB });
  await app.register(backorderRoutes, { lots });
  await app.register(importsRoutes, { imports });
  const priceList = createPriceListService({ db, products, activity, imports, events: webhooks.publisher, today: deps.today });
  await app.register(priceListRoutes, { priceList, imports, maxUploadMb: config.MAX_UPLOAD_MB });
  await app.register(emailRoutes, { emails: createEmailsService({ db, activity, smtpConfigured: Boolean(config.SMTP_URL) }) });

  await registerSpa(app, deps.clientDir, { pageUser: (request) => auth.sessionUser(sessionOf(request)) });
  if (!deps.lifecycle) await lifecycle.markReady();
  return app;
}
