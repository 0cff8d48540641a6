import { FISCAL_ADAPTERS } from "@cargodesk/shared";
import { z } from "zod";
import { trustProxySchema } from "./lib/trust-proxy";

/** Every environment variable CargoDesk reads, parsed once. The README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  JWT_EXPIRES_IN: z.string().default("12h"),
  ADMIN_USERNAME: z.string().min(1).default("admin"),
  ADMIN_EMAIL: z.email().default("admin@cargodesk.local"),
  ADMIN_PASSWORD: z.string().min(8).default("Admin@12345"),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxySchema,
  /** Wrong passwords in a row after which an account is locked for SIGN_IN_LOCK_MINUTES. */
  SIGN_IN_LOCK_AFTER: z.coerce.number().int().min(4).max(100).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Public tracking lookups of unknown numbers per minute, from all addresses together. */
  TRACKING_NOT_FOUND_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Anonymous image uploads allowed per address per hour, by count and by size. */
  UPLOAD_ADDRESS_COUNT: z.coerce.number().int().min(1).default(20),
  UPLOAD_ADDRESS_MB: z.coerce.number().int().min(1).default(25),
  /** Hours after which an image no registration claimed is removed. */
  UPLOAD_UNCLAIMED_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** All unclaimed images together, in MB; beyond it anonymous uploads get a 507. */
  UPLOAD_UNCLAIMED_MB: z.coerce.number().int().min(1).default(1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  APP_TZ: z.string().default("Asia/Karachi"),
  /**
   * A day in the company's first fiscal year; vouchers dated before that year are refused. Unset: the
   * fiscal year before the one in which CargoDesk's database was set up (its first user was created).
   */
  BOOKS_START: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "BOOKS_START must look like YYYY-MM-DD")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  FISCAL_YEAR_START: z
    .string()
    .regex(/^\d{2}-\d{2}$/, "FISCAL_YEAR_START must look like MM-DD")
    .default("07-01"),
  WEB_DIST: z.string().optional(),
  /** e.g. smtp://user:pass@mail.example.com:587; without it mail goes to the outbox table and the log. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("CargoDesk <no-reply@cargodesk.local>"),
  /** Public address of the app, used in links inside e-mails and on waybills. Required in production. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http:// or https:// address" })
    .default("http://localhost:3000"),
  /** How long SIGTERM or SIGINT waits for requests in flight before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  /** Documents (PDF, XLSX) allowed to wait for a worker per server; past it a request gets 503 DOCUMENTS_BUSY. */
  DOCUMENT_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(16),
  /** Turns GET /metrics (Prometheus text) on; a scraper sends it as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Where paid invoices are reported for tax (docs/fiscal.md): `none` queues nothing; `file` writes each
   * invoice as JSON into FISCAL_OUTBOX_DIR and prints a FILE-... number (no tax authority is called).
   */
  FISCAL_ADAPTER: z.enum(FISCAL_ADAPTERS, { error: "FISCAL_ADAPTER must be none or file" }).default("none"),
  /** The file adapter's outbox; default `<DATA_DIR>/fiscal-outbox`. */
  FISCAL_OUTBOX_DIR: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.JWT_SECRET) {
    throw new Error("JWT_SECRET is required when NODE_ENV=production (at least 32 characters)");
  }
  // Links in e-mails, waybills and table QR codes would otherwise point at localhost.
  if (parsed.data.NODE_ENV === "production" && !env.PUBLIC_URL) {
    throw new Error("PUBLIC_URL is required when NODE_ENV=production (the address people reach CargoDesk at)");
  }
  return parsed.data;
}
