import { existsSync } from "node:fs";
import path from "node:path";
import { errorBody } from "@cargodesk/shared";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import { answerSerializer } from "./lib/answer-serializer";
import type { AppDeps } from "./lib/context";
import { errorCatalogueMarkdown } from "./lib/error-catalogue";
import { schedulePrintSender } from "./lib/print-jobs";
import { databaseRateLimitStore, scheduleCounterCleanup } from "./lib/rate-limits";
import { authRoutes } from "./modules/auth/auth.routes";
import { backupRoutes } from "./modules/backup/backup.routes";
import { barcodeRoutes } from "./modules/barcode/barcode.routes";
import { cargoLedgerRoutes } from "./modules/cargo-ledger/cargo-ledger.routes";
import { chartRoutes } from "./modules/chart/chart.routes";
import { companyRoutes } from "./modules/company/company.routes";
import { complaintRoutes } from "./modules/complaints/complaints.routes";
import { countryRoutes } from "./modules/countries/countries.routes";
import { couponRoutes } from "./modules/coupons/coupons.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { dealRoutes } from "./modules/deals/deals.routes";
import { fiscalAdapterOf, fiscalRoutes, scheduleFiscalSender } from "./modules/fiscal/index";
import { floorRoutes } from "./modules/floor/floor.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { integrationRoutes } from "./modules/integration/integration.routes";
import { inventoryLedgerRoutes } from "./modules/inventory-ledger/inventory-ledger.routes";
import { issuanceRoutes } from "./modules/issuance/issuance.routes";
import { kdsRoutes } from "./modules/kds/kds.routes";
import { lookupRoutes } from "./modules/master-data/lookups.routes";
import { lookupCrudRoutes, masterDataRoutes } from "./modules/master-data/master-data.routes";
import { menuCategoryRoutes } from "./modules/menu-categories/menu-categories.routes";
import { menuOptionRoutes } from "./modules/menu-options/menu-options.routes";
import { menuProductCostRoutes } from "./modules/menu-products/menu-product-cost.routes";
import { menuProductUploadRoutes } from "./modules/menu-products/menu-product-upload.routes";
import { menuProductRoutes } from "./modules/menu-products/menu-products.routes";
import { outletSettingsRoutes } from "./modules/outlet-settings/outlet-settings.routes";
import { outletTableRoutes } from "./modules/outlet-settings/outlet-tables.routes";
import { posBootstrapRoutes } from "./modules/pos-bootstrap/pos-bootstrap.routes";
import { posCashRoutes } from "./modules/pos-cash/pos-cash.routes";
import { posCustomerRoutes } from "./modules/pos-customers/pos-customers.routes";
import { posDayRoutes } from "./modules/pos-days/pos-days.routes";
import { posOrderRoutes } from "./modules/pos-orders/pos-orders.routes";
import { posReceiptRoutes } from "./modules/pos-receipts/pos-receipts.routes";
import { posReportRoutes } from "./modules/pos-reports/pos-reports.routes";
import { posSupervisorRoutes } from "./modules/pos-supervisor/pos-supervisor.routes";
import { posTableRoutes } from "./modules/pos-tables/pos-tables.routes";
import { rateRoutes } from "./modules/rates/rates.routes";
import { receivingRoutes } from "./modules/receiving/receiving.routes";
import { recipeRoutes } from "./modules/recipes/recipes.routes";
import { reportRoutes } from "./modules/reports/reports.routes";
import { shipmentRoutes } from "./modules/shipments/shipments.routes";
import { stockCountRoutes } from "./modules/stock-counts/stock-counts.routes";
import { storeProductRoutes } from "./modules/store-products/store-products.routes";
import { unitRoutes } from "./modules/units/units.routes";
import { uploadRoutes } from "./modules/uploads/uploads.routes";
import { sessionRoutes } from "./modules/users/sessions.routes";
import { userRoutes } from "./modules/users/users.routes";
import { vendorRoutes } from "./modules/vendors/vendors.routes";
import { voucherRoutes } from "./modules/vouchers/vouchers.routes";
import { registerAccess } from "./plugins/access";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerInputGuard } from "./plugins/input-guard";
import { registerMetrics } from "./plugins/metrics";

/** Uploads (rate sheets, chart files, images) stop at 5 MB. */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface BuildOptions extends Omit<AppDeps, "db"> {
  database: Database;
  /** The built web app to serve; omitted in API tests. */
  webDist?: string | undefined;
  /** Where log lines go instead of standard output (tests read the domain events from it). */
  logStream?: { write(line: string): void } | undefined;
  /** True while the server shuts down (main.ts): GET /api/ready then answers 503. */
  draining?: (() => boolean) | undefined;
}

/** Builds the whole application without listening, so tests drive it with `inject()`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, tokens, database, webDist } = options;
  const deps: AppDeps = { db: database.db, config, tokens };
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.body.password"],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Forwarded headers only from the configured proxies: anyone else could forge an address per request.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A request reaching an open connection while the server drains is served (with Connection:
    // close), not refused with Fastify's own 503 body: GET /api/ready gives the reason itself.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // In tests an answer with a field its schema lacks fails, so every schema matches its real answer.
  app.setSerializerCompiler(answerSerializer(config.NODE_ENV === "test"));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        // The register shows the receipt PDF it fetched (a blob) in a frame to print it.
        frameSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Counted in the database, so a limit holds across every app server on it.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db) });
  scheduleCounterCleanup(app, deps.db);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "CargoDesk API",
        version: "0.1.0",
        description: `Courier back office: cargo and accounting.\n\n## Errors\n\n${errorCatalogueMarkdown()}`,
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  registerErrorHandler(app);
  registerAccess(app, deps.db, tokens);
  registerInputGuard(app);
  registerMetrics(app, { token: config.METRICS_TOKEN, database });

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ ...deps, dbKind: database.kind, draining: options.draining ?? (() => false) }));
      await api.register(authRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(sessionRoutes(deps));
      await api.register(countryRoutes(deps));
      await api.register(chartRoutes(deps));
      await api.register(voucherRoutes(deps));
      await api.register(integrationRoutes(deps));
      await api.register(reportRoutes(deps));
      await api.register(posReportRoutes(deps));
      await api.register(companyRoutes(deps));
      await api.register(uploadRoutes(deps));
      await api.register(masterDataRoutes(deps));
      await api.register(lookupCrudRoutes(deps));
      await api.register(lookupRoutes(deps));
      await api.register(backupRoutes({ ...deps, database }));
      await api.register(rateRoutes(deps));
      await api.register(dashboardRoutes(deps));
      await api.register(posCustomerRoutes(deps));
      await api.register(cargoLedgerRoutes(deps));
      await api.register(shipmentRoutes(deps));
      await api.register(complaintRoutes(deps));
      await api.register(issuanceRoutes(deps));
      await api.register(stockCountRoutes(deps));
      await api.register(inventoryLedgerRoutes(deps));
      await api.register(unitRoutes(deps));
      await api.register(storeProductRoutes(deps));
      await api.register(vendorRoutes(deps));
      await api.register(menuCategoryRoutes(deps));
      await api.register(menuOptionRoutes(deps));
      await api.register(floorRoutes(deps));
      await api.register(menuProductRoutes(deps));
      await api.register(menuProductCostRoutes(deps));
      await api.register(recipeRoutes(deps));
      await api.register(dealRoutes(deps));
      await api.register(menuProductUploadRoutes(deps));
      await api.register(receivingRoutes(deps));
      await api.register(outletSettingsRoutes(deps));
      await api.register(outletTableRoutes(deps));
      await api.register(couponRoutes(deps));
      await api.register(posBootstrapRoutes(deps));
      await api.register(posDayRoutes(deps));
      await api.register(posOrderRoutes(deps));
      await api.register(posTableRoutes(deps));
      await api.register(barcodeRoutes(deps));
      await api.register(posSupervisorRoutes(deps));
      await api.register(posCashRoutes(deps));
      await api.register(posReceiptRoutes(deps));
      await api.register(fiscalRoutes(deps));
      await api.register(kdsRoutes({ ...deps, listen: database.listen }));
    },
    { prefix: "/api" },
  );

  // The print queue's sender (lib/print-jobs.ts); tests start their own when they need one.
  if (config.NODE_ENV !== "test") schedulePrintSender(app, deps.db);
  // The fiscal sender (modules/fiscal), when an adapter is configured; tests start their own.
  const fiscalAdapter = fiscalAdapterOf(config);
  if (config.NODE_ENV !== "test" && fiscalAdapter)
    scheduleFiscalSender(app, deps.db, fiscalAdapter, { timeZone: config.APP_TZ });

  const serveWeb = Boolean(webDist && existsSync(path.join(webDist, "index.html")));
  if (serveWeb && webDist) {
    // wildcard: files are looked up on each request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ["index.html"] });
  }
  // One not-found handler: JSON under /api, the single-page app (which owns its routes) elsewhere.
  app.setNotFoundHandler((request, reply) => {
    // A missing script or image is a 404, never the page: a stale tab must not run HTML as JavaScript.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api") && !isFile) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply.status(404).send(errorBody("NOT_FOUND", `No such route: ${request.method} ${request.url}`));
  });
  return app;
}
