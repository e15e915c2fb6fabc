// The site over plain HTTP, for both suites: the integration tests (Vitest, a server in the test
// process) and the e2e specs (Playwright, a server of their own). Requests carry the session
// cookie by hand; uploads go through the signed-URL flow; doctors sign up, log in and apply the way
// a browser's calls would. Nothing here imports a test runner or the database, so that both
// runners can load it: Vitest's `expect` and Playwright's cannot live in one process.

/** A server reached over HTTP: relative paths, redirects not followed. */
export type Site = {
  baseUrl: string;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
};

/** The server at `baseUrl`. */
export function siteAt(baseUrl: string): Site {
  return {
    baseUrl,
    fetch: (path, init) => fetch(baseUrl + path, { redirect: "manual", ...init }),
  };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const PASSWORD = "correct-horse-9";

let counter = 0;

/** A short suffix no other call, process or run produces, for names and titles. */
export function uniqueSuffix() {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/**
 * A fresh e-mail address on every call, unique across processes too: the e2e workers share one
 * server.
 */
export function uniqueEmail(prefix = "doctor") {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}-${random}@example.com`;
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

// ---------------------------------------------------------------------------------------------
// Requests

type RequestOptions = { cookie?: string | null; origin?: string; headers?: Record<string, string> };

function headersFor(options: RequestOptions, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra, ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  return headers;
}

/** A JSON request with any method; `body` undefined sends none. */
export function sendJson(
  site: Site,
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
) {
  return site.fetch(path, {
    method,
    headers: headersFor(
      options,
      body === undefined ? {} : { "Content-Type": "application/json; charset=utf-8" },
    ),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A POST with a JSON body (or none). */
export function postJson(site: Site, path: string, body?: unknown, options: RequestOptions = {}) {
  return sendJson(site, "POST", path, body, options);
}

/** A GET, optionally with a session cookie. */
export function get(site: Site, path: string, options: RequestOptions = {}) {
  return site.fetch(path, { headers: headersFor(options) });
}

/** A browser-like form post (application/x-www-form-urlencoded) to a page action. */
export function postForm(
  site: Site,
  path: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
) {
  return site.fetch(path, {
    method: "POST",
    headers: headersFor(options, { "Content-Type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields).toString(),
  });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

// ---------------------------------------------------------------------------------------------
// Uploads

type UploadGrant = { uploadURL: string; objectPath: string };

/** POST /api/objects/upload-public (no session) or /api/objects/upload (with `cookie`). */
export async function requestUpload(site: Site, cookie?: string): Promise<UploadGrant> {
  const res = cookie
    ? await postJson(site, "/api/objects/upload", undefined, { cookie })
    : await postJson(site, "/api/objects/upload-public");
  if (res.status !== 200) {
    throw new Error(`upload URL request answered ${res.status}: ${await res.text()}`);
  }
  // The URL is built from PUBLIC_URL, which some test files set to a public address in front of
  // the server (as a proxy's would be): the test reaches the same path on the server directly.
  const grant = await json<UploadGrant>(res);
  const url = new URL(grant.uploadURL);
  return { ...grant, uploadURL: `${site.baseUrl}${url.pathname}${url.search}` };
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

/** Uploads an image through the flow and answers its objectPath. */
export async function uploadImage(
  site: Site,
  options: { cookie?: string; body?: Uint8Array; contentType?: string } = {},
) {
  const grant = await requestUpload(site, options.cookie);
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
  termsConsent: true;
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
    termsConsent: true,
    privacyConsent: true,
    ...overrides,
  };
}

export function register(site: Site, payload: unknown, options: RequestOptions = {}) {
  return postJson(site, "/api/auth/register", payload, options);
}

/** A doctor who signed up: what was sent, and the new account's id. */
export type SignedUp = Registration & { id: string };

/**
 * Signs up through the API, with a freshly uploaded image unless `overrides` names one; throws
 * unless it answers 201.
 */
export async function signUp(site: Site, overrides: Partial<Registration> = {}): Promise<SignedUp> {
  const licenseImageUrl = overrides.licenseImageUrl || (await uploadImage(site));
  const payload = registration({ ...overrides, licenseImageUrl });
  const res = await register(site, payload);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = await json<{ id: string }>(res);
  return { ...payload, id: body.id };
}

export function logIn(site: Site, email: string, password: string) {
  return postJson(site, "/api/auth/login", { email, password });
}

/** Logs in and answers the `sid=…` cookie; throws unless the login succeeds. */
export async function logInCookie(site: Site, email: string, password: string) {
  const res = await logIn(site, email, password);
  const cookie = sidCookie(res);
  if (res.status !== 200 || !cookie) {
    throw new Error(`login answered ${res.status}: ${await res.text()}`);
  }
  return cookie;
}

// ---------------------------------------------------------------------------------------------
// Full membership

/** A complete, valid application payload (SPEC.md §7) apart from what the session supplies. */
export function applicationPayload(overrides: Record<string, unknown> = {}) {
  return {
    phone: "010-9876-5432",
    licenseNumber: "98765",
    hospitalName: "수성정형외과의원",
    department: "정형외과",
    address: "대구광역시 수성구 달구벌대로 2",
    ...overrides,
  };
}

/** A member's application, sent over HTTP (POST /api/membership-applications); answers its id. */
export async function applyOverHttp(
  site: Site,
  cookie: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await postJson(site, "/api/membership-applications", applicationPayload(overrides), {
    cookie,
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`application answered ${res.status}: ${await res.text()}`);
  }
  return (await json<{ id: string }>(res)).id;
}
