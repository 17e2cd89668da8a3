import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIn } from '@common/domain/business-days';
import type { Config } from './config';
import type { Db } from './db/client';
import { activityRoutes } from './modules/activity/routes';
import { createActivityService } from './modules/activity/service';
import { announcementRoutes } from './modules/announcements/routes';
import { createAnnouncementsService } from './modules/announcements/service';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { cartRoutes } from './modules/carts/routes';
import { createCartsService } from './modules/carts/service';
import { filesRoutes } from './modules/files/routes';
import { merchandiseRoutes } from './modules/merchandise/routes';
import { createMerchandiseService } from './modules/merchandise/service';
import { createFilesService } from './modules/files/service';
import { healthRoutes } from './modules/health/routes';
import { createOrdersService } from './modules/orders/service';
import { createPriceListService } from './modules/price-list/service';
import { createProductsService } from './modules/products/service';
import { createStockService } from './modules/stock/service';
import { createUsersService } from './modules/users/service';
import { orderRoutes } from './modules/orders/routes';
import { priceListRoutes } from './modules/price-list/routes';
import { productsRoutes } from './modules/products/routes';
import { settingsRoutes } from './modules/settings/routes';
import { stockRoutes } from './modules/stock/routes';
import { userRoutes } from './modules/users/routes';
import { accessPlugin } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/sessions';
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
    // Clients get time to finish their request on shutdown (main.ts closes gracefully).
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurity(app);
  await app.register(compress, { threshold: 1024 });
  // Uploads are streamed by the routes that take them; these limits stop a request before it grows.
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 20, fields: 20, fieldSize: 64 * 1024, parts: 60 },
  });
  await registerSessions(app, { db, secret: deps.sessionSecret });

  const activity = createActivityService(db);
  const carts = createCartsService({ db, activity });
  const orders = createOrdersService({
    db,
    activity,
    carts,
    email: { from: config.ORDER_EMAIL_FROM, to: config.ORDER_EMAIL_TO },
    // The business's calendar is this process's local date (set TZ); docs/decisions/0042.
    today: deps.today ?? (() => todayIn()),
  });
  const auth = createAuthService({ db, activity, carts, allowRegistration: config.ALLOW_REGISTRATION });
  await app.register(accessPlugin, { loadUser: (request) => auth.loadSessionUser(request) });

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { auth });
  await app.register(settingsRoutes, { db });
  await app.register(cartRoutes, { carts });
  await app.register(orderRoutes, { orders });
  await app.register(filesRoutes, { files: createFilesService({ db, activity }), maxUploadMegabytes: config.MAX_UPLOAD_MB });
  await app.register(userRoutes, { users: createUsersService({ db, activity, mailFrom: config.ORDER_EMAIL_FROM }) });
  await app.register(announcementRoutes, { announcements: createAnnouncementsService(db) });
  await app.register(activityRoutes, { activity });
  await app.register(merchandiseRoutes, { merchandise: createMerchandiseService({ db, activity }) });

  const products = createProductsService({ db });
  await products.ensureVersion();
  const stock = createStockService({ db, activity, products, maxUploadMb: config.MAX_UPLOAD_MB });
  await app.register(productsRoutes, { products });
  await app.register(stockRoutes, { stock, maxUploadMb: config.MAX_UPLOAD_MB });
  await app.register(priceListRoutes, { priceList: createPriceListService({ products }) });

  await registerSpa(app, deps.clientDir);
  return app;
}
