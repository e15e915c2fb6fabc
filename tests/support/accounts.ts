// Helpers for the account integration tests: tiny real images, administrators and approved
// members as fixtures, rows, and Korean messages checked. The plain HTTP helpers (requests with
// the `sid` cookie carried by hand, the upload flow, sign-up, login) are ./http.ts, shared with
// the e2e specs, and re-exported here. Everything goes over HTTP except where a fixture is named
// as a database shortcut.
import http from "node:http";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { sessions, users } from "~db/schema";
import { logInCookie, PASSWORD, type Registration, signUp, uniqueEmail } from "./http";
import type { TestServer } from "./test-server";

export {
  get,
  json,
  logIn,
  logInCookie,
  PASSWORD,
  PNG,
  postForm,
  postJson,
  putObject,
  type Registration,
  register,
  registration,
  requestUpload,
  setCookie,
  sidCookie,
  signUp,
  uniqueEmail,
  uploadImage,
} from "./http";

/** A 1×1 JPEG (baseline, complete: the server decodes every upload to its end). */
export const JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z",
  "base64",
);
/** A 1×1 GIF. */
export const GIF = Buffer.from(
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "base64",
);
/** A 1×1 lossless WebP. */
export const WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
/** Not images, whatever they claim to be. */
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from(
  "<!doctype html><html><body><script>alert(1)</script></body></html>",
);
export const TEXT = Buffer.from("This is a plain text file renamed to licence.png\n");

export const HANGUL = /[\uAC00-\uD7A3]/;

/**
 * The session row's id inside a `sid=…` cookie. React Router's signed cookies hold
 * base64(JSON(value)) followed by "." and the signature.
 */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const encoded = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as string;
}

export type ErrorBody = { message: string; errors?: Record<string, string> };

/** Every message of a 4xx answer is Korean: never a library's English default. */
export function expectKoreanMessages(body: ErrorBody) {
  expect(typeof body.message).toBe("string");
  const messages = [body.message, ...Object.values(body.errors ?? {})];
  for (const message of messages) {
    expect(message, `message "${message}"`).toMatch(HANGUL);
    expect(message).not.toMatch(/^[\x20-\x7E]*$/);
    expect(message).not.toMatch(/\b(Required|Invalid|Expected|received|input)\b/);
  }
}

// ---------------------------------------------------------------------------------------------
// Uploads

/**
 * A PUT on its own connection (node:http, no keep-alive pool), sending `chunks` one after another:
 * with `contentLength` unset the body goes out chunked, without a Content-Length. For bodies the
 * server refuses before reading them all: it may answer and close while the body is still being
 * sent, which would otherwise break the next request on a pooled connection.
 */
export function rawPut(
  url: string,
  chunks: Uint8Array[],
  options: { contentType?: string; contentLength?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = {
      "Content-Type": options.contentType ?? "image/png",
    };
    if (options.contentLength !== undefined) {
      headers["Content-Length"] = String(options.contentLength);
    }
    const req = http.request(url, { method: "PUT", headers, agent: false }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(parts).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    // Once the answer has come, a write cut off by the server's early close is expected.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const send = async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((done) => {
            req.once("drain", done);
            req.once("close", done);
          });
        }
      }
      if (!req.destroyed) req.end();
    };
    void send();
  });
}

// ---------------------------------------------------------------------------------------------
// Accounts

export type Account = { id: string; email: string; password: string; licenseImageUrl: string };

/** Fixture (database shortcut): marks an account approved, as an administrator would. */
export async function approveInDb(server: TestServer, id: string) {
  await server.db.update(users).set({ isApproved: true }).where(eq(users.id, id));
}

export type LoggedIn = Account & { cookie: string };

/** An approved member, signed up over HTTP, logged in. */
export async function createMember(
  server: TestServer,
  overrides: Partial<Registration> = {},
): Promise<LoggedIn> {
  const account = await signUp(server, overrides);
  await approveInDb(server, account.id);
  return { ...account, cookie: await logInCookie(server, account.email, account.password) };
}

/**
 * An approved administrator created with the service that `npm run admin:create` uses, then
 * logged in over HTTP. Call only once the file's server has started (setupTestServer): it shares
 * that server's database.
 */
export async function createAdmin(server: TestServer): Promise<LoggedIn> {
  const { createAdministrator } = await import("~/features/accounts/accounts.server");
  const email = uniqueEmail("admin");
  const { id } = await createAdministrator({ email, password: PASSWORD, name: "관리자" });
  const cookie = await logInCookie(server, email, PASSWORD);
  return { id, email, password: PASSWORD, licenseImageUrl: "", cookie };
}

export async function userRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function sessionRows(server: TestServer, userId: string) {
  return server.db.select().from(sessions).where(eq(sessions.userId, userId));
}
