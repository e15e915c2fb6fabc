import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { env } from "./env.server";

// JSON lines, one per entry, for production and whatever collects the logs. With
// LOG_FORMAT=pretty, which `npm run dev` sets, pino-pretty writes them for a person instead: the
// time, the level, the message, and a request as `GET /announcements 200 (12 ms)`.
const options: LoggerOptions = {
  level: env.LOG_LEVEL,
  redact: {
    paths: ["password", "*.password", "passwordHash", "*.passwordHash", "token"],
    remove: true,
  },
  serializers: { err: errorWithoutValues },
};

/**
 * An error as logged, without the values a failed statement was given: Drizzle writes its
 * parameters into its message (a sign-up's password hash, e-mail, phone and licence number), which
 * pino repeats in the message and stack of every error it caused, and PostgreSQL's `detail`
 * repeats a conflicting key's value. The statement and the error's code, constraint and table
 * stay: that is what finding the fault needs.
 */
export function errorWithoutValues(error: Error) {
  if (!(error instanceof Error)) return pino.stdSerializers.err(error);
  const logged: Record<string, unknown> & { message: string; stack: string } =
    pino.stdSerializers.err(error);
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    const { query } = current as { query?: unknown };
    if (typeof query === "string" && "params" in current) {
      const statement = `Failed query: ${query}`;
      logged.message = logged.message.replaceAll(current.message, statement);
      logged.stack = logged.stack.replaceAll(current.message, statement);
    }
    current = current.cause;
  }
  delete logged.params;
  delete logged.detail;
  return logged;
}

type Entry = Record<string, unknown> & {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/** pino-pretty (a devDependency), or undefined where it is not installed. */
async function prettyStream(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import("pino-pretty");
    return pretty({
      // Written at once, so the entries stay in order with console output (the demo password).
      sync: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,req,res,responseTime",
      messageFormat: (entry, messageKey) => {
        const { req, res, responseTime } = entry as Entry;
        const message = String(entry[messageKey] ?? "");
        if (!req || !res) return message;
        const took = responseTime === undefined ? "" : ` (${responseTime} ms)`;
        const request = `${req.method} ${req.url} ${res.statusCode}${took}`;
        return message === "request completed" ? request : `${message}: ${request}`;
      },
    });
  } catch {
    console.warn("LOG_FORMAT=pretty needs pino-pretty (a devDependency): logging JSON lines.");
    return undefined;
  }
}

const pretty = env.LOG_FORMAT === "pretty" ? await prettyStream() : undefined;

export const logger = pretty ? pino(options, pretty) : pino(options);
