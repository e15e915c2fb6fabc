// A seminar ticket is the registration's id signed with a key derived from APP_SECRET: the door
// staff's phone checks it without a lookup table, a forged or altered code fails, and it is short
// enough for a QR code that scans from a phone screen. It names the seminar too, so a ticket for
// one seminar is refused at another's door with a clear message rather than a "not found".
import crypto from "node:crypto";
import { appSecret } from "~/lib/secret.server";

const VERSION = "t1";
let key: Buffer | undefined;
const ticketKey = () => {
  key ??= Buffer.from(crypto.hkdfSync("sha256", appSecret(), "", "seminar-ticket", 32));
  return key;
};

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const signature = (payload: Buffer) =>
  crypto.createHmac("sha256", ticketKey()).update(payload).digest().subarray(0, 16);

/** The ticket token of a registration of a seminar. */
export function ticketToken(registration: { id: string; seminarId: string }): string {
  const payload = Buffer.concat([uuidBytes(registration.seminarId), uuidBytes(registration.id)]);
  return `${VERSION}.${payload.toString("base64url")}.${signature(payload).toString("base64url")}`;
}

/** The registration and seminar a genuine token names, or null for anything else. */
export function readTicketToken(token: string): { seminarId: string; id: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [version, body, mac] = token.trim().split(".");
  if (version !== VERSION || !body || !mac) return null;
  const payload = Buffer.from(body, "base64url");
  const given = Buffer.from(mac, "base64url");
  if (payload.length !== 32 || given.length !== 16) return null;
  if (!crypto.timingSafeEqual(given, signature(payload))) return null;
  return { seminarId: uuidOf(payload.subarray(0, 16)), id: uuidOf(payload.subarray(16)) };
}
