// The "known device" cookie: a long-lived, signed cookie a browser gets when it logs in, naming
// the accounts it has logged in as. Password checks from such a browser are counted under its own
// key, so failures from strangers cannot lock the owner out of their usual browser.
import crypto from "node:crypto";
import { createCookie } from "react-router";
import { appSecret } from "~/lib/secret.server";
import { HTTPS_COOKIES, hostCookieName } from "./session.server";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A shared computer may be used by a few members; older entries drop off. */
const MAX_ACCOUNTS = 5;

const deviceCookie = createCookie(hostCookieName("device"), {
  httpOnly: true,
  sameSite: "lax",
  secure: HTTPS_COOKIES,
  path: "/",
  maxAge: YEAR_SECONDS,
  secrets: [appSecret()],
});

// `u`: the accounts that logged in here with their password; `m`: those that also passed their
// second factor here (their code attempts are counted under this browser's own key).
type DeviceData = { d: string; u: string[]; m?: string[] };

async function readDevice(cookieHeader: string | null | undefined): Promise<DeviceData | null> {
  if (!cookieHeader) return null;
  try {
    const value = (await deviceCookie.parse(cookieHeader)) as unknown;
    if (!value || typeof value !== "object") return null;
    const { d, u, m = [] } = value as Partial<DeviceData>;
    if (typeof d !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(d)) return null;
    if (!Array.isArray(u) || !u.every((id) => typeof id === "string")) return null;
    if (!Array.isArray(m) || !m.every((id) => typeof id === "string")) return null;
    return { d, u: u.slice(0, MAX_ACCOUNTS), m: m.slice(0, MAX_ACCOUNTS) };
  } catch {
    return null;
  }
}

/** The device id when the request's (validly signed) device cookie has logged in as `userId`. */
export async function knownDeviceOf(cookieHeader: string | null | undefined, userId: string) {
  const device = await readDevice(cookieHeader);
  return device?.u.includes(userId) ? device.d : null;
}

/** The device id when this browser has passed `userId`'s second factor before. */
export async function secondFactorDeviceOf(
  cookieHeader: string | null | undefined,
  userId: string,
) {
  const device = await readDevice(cookieHeader);
  return device?.m?.includes(userId) ? device.d : null;
}

const first = (userId: string, ids: string[] = []) =>
  [userId, ...ids.filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);

/**
 * The Set-Cookie header that makes this browser a known device of `userId`: for its password, and
 * with `secondFactor` for its second factor too.
 */
export async function rememberDevice(
  cookieHeader: string | null | undefined,
  userId: string,
  options: { secondFactor?: boolean } = {},
) {
  const device = await readDevice(cookieHeader);
  const d = device?.d ?? crypto.randomBytes(18).toString("base64url");
  const u = first(userId, device?.u);
  const m = options.secondFactor ? first(userId, device?.m) : (device?.m ?? []);
  return deviceCookie.serialize({ d, u, m } satisfies DeviceData);
}
