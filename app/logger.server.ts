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
};

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
