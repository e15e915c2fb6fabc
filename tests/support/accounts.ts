// Helpers for the account integration tests: tiny real images, the sign-up upload flow, sign-up,
// login with the `sid` cookie carried by hand, administrators and approved members as fixtures.
// Everything goes over HTTP except where a fixture is named as a database shortcut.
import http from "node:http";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { rateLimits, sessions, users } from "~db/schema";
import type { TestServer } from "./test-server";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
/** A 1×1 JPEG. */
export const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
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

export const PASSWORD = "correct-horse-9";
export const HANGUL = /[\uAC00-\uD7A3]/;

let counter = 0;
/** A fresh e-mail address for each call. */
export function uniqueEmail(prefix = "doctor") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

// ---------------------------------------------------------------------------------------------
// Cookies

/** The Set-Cookie header that sets `name`, or undefined. */
export function setCookie(res: Response, name = "sid"): string | undefined {
  return res.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
}

/** `sid=…` for a Cookie header, from a response that started a session; null when it did not. */
export function sidCookie(res: Response): string | null {
  const header = setCookie(res);
  const pair = header?.split(";")[0];
  if (!pair || pair === "sid=") return null;
  return pair;
}

/**
 * The session row's id inside a `sid=…` cookie. React Router's signed cookies hold
 * base64(JSON(value)) followed by "." and the signature.
 */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const encoded = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as string;
}

// ---------------------------------------------------------------------------------------------
// Requests

type RequestOptions = { cookie?: string | null; origin?: string; headers?: Record<string, string> };

function headersFor(options: RequestOptions, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra, ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  return headers;
}

/** A POST with a JSON body (or none). */
export function postJson(
  server: TestServer,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
) {
  return server.fetch(path, {
    method: "POST",
    headers: headersFor(
      options,
      body === undefined ? {} : { "Content-Type": "application/json; charset=utf-8" },
    ),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A GET, optionally with a session cookie. */
export function get(server: TestServer, path: string, options: RequestOptions = {}) {
  return server.fetch(path, { headers: headersFor(options) });
}

/** A browser-like form post (application/x-www-form-urlencoded) to a page action. */
export function postForm(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
) {
  return server.fetch(path, {
    method: "POST",
    headers: headersFor(options, { "Content-Type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields).toString(),
  });
}

export type ErrorBody = { message: string; errors?: Record<string, string> };

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

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

export type UploadGrant = { uploadURL: string; objectPath: string };

/** POST /api/objects/upload-public (no session) or /api/objects/upload (with `cookie`). */
export async function requestUpload(server: TestServer, cookie?: string): Promise<UploadGrant> {
  const res = cookie
    ? await postJson(server, "/api/objects/upload", undefined, { cookie })
    : await postJson(server, "/api/objects/upload-public");
  if (res.status !== 200) {
    throw new Error(`upload URL request answered ${res.status}: ${await res.text()}`);
  }
  // The URL is built from PUBLIC_URL, which some test files set to a public address in front of
  // the server (as a proxy's would be): the test reaches the same path on the server directly.
  const grant = await json<UploadGrant>(res);
  const url = new URL(grant.uploadURL);
  return { ...grant, uploadURL: `${server.baseUrl}${url.pathname}${url.search}` };
}

/** PUTs `body` to a signed upload URL. */
export function putObject(uploadURL: string, body: Uint8Array, contentType = "image/png") {
  return fetch(uploadURL, {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(body),
    redirect: "manual",
  });
}

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

/** Uploads an image through the flow and answers its objectPath. */
export async function uploadImage(
  server: TestServer,
  options: { cookie?: string; body?: Uint8Array; contentType?: string } = {},
) {
  const grant = await requestUpload(server, options.cookie);
  const res = await putObject(grant.uploadURL, options.body ?? PNG, options.contentType);
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return grant.objectPath;
}

// ---------------------------------------------------------------------------------------------
// Accounts

export type Registration = {
  email: string;
  password: string;
  name: string;
  phone: string;
  licenseNumber: string;
  hospitalName: string;
  department: string;
  address: string;
  licenseImageUrl: string;
  privacyConsent: true;
};

/** A complete, valid sign-up payload apart from the image (an empty licenseImageUrl). */
export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    name: "김의사",
    phone: "010-1234-5678",
    licenseNumber: "123456",
    hospitalName: "서울내과의원",
    department: "내과",
    address: "서울특별시 강남구 테헤란로 1",
    licenseImageUrl: "",
    privacyConsent: true,
    ...overrides,
  };
}

export function register(server: TestServer, payload: unknown, options: RequestOptions = {}) {
  return postJson(server, "/api/auth/register", payload, options);
}

export type Account = { id: string; email: string; password: string; licenseImageUrl: string };

/** Signs up through the API with a freshly uploaded image; throws unless it answers 201. */
export async function signUp(
  server: TestServer,
  overrides: Partial<Registration> = {},
): Promise<Account> {
  const licenseImageUrl = overrides.licenseImageUrl ?? (await uploadImage(server));
  const payload = registration({ ...overrides, licenseImageUrl });
  const res = await register(server, payload);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = await json<{ id: string }>(res);
  return { id: body.id, email: payload.email, password: payload.password, licenseImageUrl };
}

export function logIn(server: TestServer, email: string, password: string) {
  return postJson(server, "/api/auth/login", { email, password });
}

/** Logs in and answers the `sid=…` cookie; throws unless the login succeeds. */
export async function logInCookie(server: TestServer, email: string, password: string) {
  const res = await logIn(server, email, password);
  const cookie = sidCookie(res);
  if (res.status !== 200 || !cookie) {
    throw new Error(`login answered ${res.status}: ${await res.text()}`);
  }
  return cookie;
}

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
 * logged in over HTTP. Call only after startTestServer (it shares that server's database).
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

/** Fixture: forgets every rate-limit counter, so a file's many sign-ups do not trip the limits. */
export async function resetRateLimits(server: TestServer) {
  await server.db.delete(rateLimits);
}
