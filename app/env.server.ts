// Every environment variable the server reads, validated once at boot. README.md lists them.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "1" || v === "true"));

/** An optional string; blank counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v));

/** An optional 0/1/true/false; blank or unset stays undefined, for defaults that depend on others. */
const optionalFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Off behind a connection pooler in transaction mode that cannot keep named statements.
  DATABASE_NAMED_READS: flag(true),
  SEED_DEMO: flag(true),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Other host names that reach this site (e.g. the bare domain beside www), comma-separated: every
  // request to one is redirected to the same path on PUBLIC_URL, so pages, cookies and upload URLs
  // share one origin (docs/operations.md).
  HOST_ALIASES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9.-]+$/,
            "host names only, without scheme, port or path (a.example,b.example)",
          ),
      ),
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // JSON lines, or `pretty` for a person (pino-pretty; `npm run dev` sets it when unset).
  LOG_FORMAT: z
    .enum(["json", "pretty", ""])
    .optional()
    .transform((v) => (v === "pretty" ? "pretty" : "json")),
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Signs session ids, upload URLs and flash cookies. Without it, a random secret is kept in
  // DATA_DIR/app-secret; several instances must share one, so set it when you run more than one.
  APP_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The previous APP_SECRET while rotating it: still accepted for session cookies and for
  // decrypting second-factor secrets (which are re-encrypted with the new one when next used).
  APP_SECRET_PREVIOUS: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Administrators (every role in SECOND_FACTOR_ROLES) must enrol a second factor (TOTP) and use
  // it at every login. `0` lets those without one work with the password alone (development, tests).
  ADMIN_MFA_REQUIRED: flag(true),
  // The demo administrator's password on a fresh embedded database (random when unset).
  DEMO_ADMIN_PASSWORD: z
    .string()
    .min(8)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How long a stored public page may be served before it is rendered again even though no
  // content changed (for what changes with the clock alone); 0 turns the page cache off.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  // Budget of members' stored pages (each member has their own copy of the public pages).
  MEMBER_PAGE_CACHE_MB: z.coerce.number().int().min(0).default(64),
  // How long a bank statement waits for a free reader (two per process) before a 429; tests
  // shorten it so that the wait, not the machine's speed, decides who is turned away.
  STATEMENT_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  // Failed password checks per account and client (a known device, or an address) per 15 minutes.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  // Failed password checks per account from all unknown clients together per 15 minutes.
  LOGIN_MAX_FAILURES_ALL_CLIENTS: z.coerce.number().int().positive().default(50),
  // A session ends this many days after login however active it is (fractions allowed).
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(30),
  AUTH_MAX_REQUESTS_PER_IP: z.coerce.number().int().positive().default(100),
  SIGNUP_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  // Mail: SMTP when SMTP_URL is set (smtp://user:pass@host:587), else .eml files in DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Retention (개인정보 최소 보관): licence images after the sign-up decision, and the audit log.
  LICENSE_IMAGE_DAYS_AFTER_REJECTION: z.coerce.number().int().min(0).default(30),
  LICENSE_IMAGE_DAYS_AFTER_APPROVAL: z
    .union([z.literal("").transform(() => undefined), z.coerce.number().int().min(0)])
    .optional(),
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(366).default(730),
  // Uploaded files: `local` (DATA_DIR/objects) or `s3` (a bucket, shared by every instance).
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((v) => v ?? "us-east-1"),
  // An S3-compatible server (MinIO, R2, s3rver …); unset means AWS itself.
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Unset: the AWS SDK's default chain (AWS_* variables, instance or task role).
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Default: true when S3_ENDPOINT is set (most S3-compatible servers need it), else false.
  S3_FORCE_PATH_STYLE: optionalFlag,
  S3_PREFIX: optionalText,
  // Upload URLs for anonymous sign-up images per client address per hour (blank: the default).
  SIGNUP_UPLOADS_PER_IP_PER_HOUR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().default(60),
  ),
  // Image bytes one member may upload in 24 hours, in MB (blank: the default).
  MEMBER_IMAGE_MB_PER_DAY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().default(50),
  ),
  // New certificate and receipt PDFs one member may have drawn per hour (blank: the default).
  PDF_DRAWS_PER_HOUR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().default(20),
  ),
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // The members' board: posts and comments one member may write per hour (blank: the default).
  COMMUNITY_POSTS_PER_HOUR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().default(20),
  ),
  COMMUNITY_COMMENTS_PER_HOUR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().default(60),
  ),
  // Online payments (docs/payments.md): unset is off (bank transfer only), `portone` is PortOne V2,
  // `test` the test gateway (PortOne-shaped, on a loopback port; nothing is charged).
  PAYMENTS_PROVIDER: z
    .enum(["portone", "test"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PORTONE_STORE_ID: z.string().optional(),
  PORTONE_API_SECRET: z.string().optional(),
  PORTONE_WEBHOOK_SECRET: z.string().optional(),
  // The channel keys of the PortOne console, one per way to pay; a way without a key is not offered.
  PORTONE_CHANNEL_KEY_CARD: z.string().optional(),
  PORTONE_CHANNEL_KEY_TRANSFER: z.string().optional(),
  PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT: z.string().optional(),
  PORTONE_CHANNEL_KEY_KAKAOPAY: z.string().optional(),
  PORTONE_CHANNEL_KEY_NAVERPAY: z.string().optional(),
  PORTONE_CHANNEL_KEY_TOSSPAY: z.string().optional(),
  PORTONE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How long a paid seminar's seat is held for its payment (a seat offered from the waitlist: 24 h).
  PAYMENT_HOLD_MINUTES: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(1440).default(15),
  ),
  // The same hold in seconds, in place of PAYMENT_HOLD_MINUTES when set: for `npm run bench:rush`,
  // whose unpaid holds must run out (and go to the waitlist) within the run. Not for a live site.
  PAYMENT_HOLD_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(86_400).optional(),
  ),
  // Text messages (docs/messages.md): unset writes each one as a JSON file to
  // DATA_DIR/outbox/messages; `solapi` sends 알림톡 with SMS/LMS fallback through Solapi.
  MESSAGING_PROVIDER: z
    .enum(["solapi"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SOLAPI_API_KEY: optionalText,
  SOLAPI_API_SECRET: optionalText,
  // The registered 발신번호, digits only.
  SOLAPI_SENDER: optionalText,
  // The KakaoTalk 채널's profile id; without it every message goes as SMS/LMS.
  KAKAO_PFID: optionalText,
  SOLAPI_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The approved 알림톡 template ids as JSON, by template name (docs/messages.md):
  // {"approved":"KA01TP…", …}. A template without an id goes as SMS/LMS.
  KAKAO_TEMPLATE_IDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return {} as Record<string, string>;
      try {
        const parsed: unknown = JSON.parse(v);
        if (
          parsed &&
          typeof parsed === "object" &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((id) => typeof id === "string")
        ) {
          return parsed as Record<string, string>;
        }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: "custom", message: 'must be a JSON object {"template":"id", …}' });
      return z.NEVER;
    }),
});

/** Rules between variables, checked after each one is valid on its own. */
function checkCombinations(env: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === "s3") {
    if (!env.S3_BUCKET) {
      problems.push("  S3_BUCKET: required when STORAGE_DRIVER=s3 (the bucket that keeps uploads)");
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      problems.push(
        "  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's default credentials",
      );
    }
  }
  if (env.PAYMENTS_PROVIDER === "portone") {
    for (const name of [
      "PORTONE_STORE_ID",
      "PORTONE_API_SECRET",
      "PORTONE_WEBHOOK_SECRET",
    ] as const) {
      if (!env[name]) problems.push(`  ${name}: required when PAYMENTS_PROVIDER=portone`);
    }
  }
  if (env.MESSAGING_PROVIDER === "solapi") {
    for (const name of ["SOLAPI_API_KEY", "SOLAPI_API_SECRET", "SOLAPI_SENDER"] as const) {
      if (!env[name]) problems.push(`  ${name}: required when MESSAGING_PROVIDER=solapi`);
    }
  }
  return problems;
}

export type Env = Omit<z.infer<typeof schema>, "S3_FORCE_PATH_STYLE"> & {
  PUBLIC_URL: string;
  PUBLIC_URL_CONFIGURED: boolean;
  DATA_DIR: string;
  S3_FORCE_PATH_STYLE: boolean;
};

function readEnv(): Env {
  // A .env file in the working directory fills in what the real environment does not set.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  const problems = checkCombinations(env);
  if (problems.length > 0) {
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return {
    ...env,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    // Unset, the site answers at whatever address it is opened (127.0.0.1, a LAN name): what a
    // browser must call back (an upload URL) follows the request's own origin (DESIGN.md).
    PUBLIC_URL_CONFIGURED: env.PUBLIC_URL !== undefined,
  };
}

export const env: Env = readEnv();
