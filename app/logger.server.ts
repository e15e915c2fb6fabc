import pino from "pino";
import { env } from "./env.server";

// JSON lines in production; the same in development (pipe through `npx pino-pretty` to read).
export const logger = pino({
  level: env.LOG_LEVEL,
  redact: {
    paths: ["password", "*.password", "passwordHash", "*.passwordHash", "token"],
    remove: true,
  },
});
