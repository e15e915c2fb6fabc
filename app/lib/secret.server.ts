import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/env.server";

let secret: string | undefined;

/** APP_SECRET, or a random one created once and kept in DATA_DIR/app-secret. */
export function appSecret(): string {
  if (secret) return secret;
  if (env.APP_SECRET) {
    secret = env.APP_SECRET;
    return secret;
  }
  const file = path.join(env.DATA_DIR, "app-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const created = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, created, { mode: 0o600, flag: "wx" });
      secret = created;
    } catch {
      // Another process created it first.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return secret;
}
