// The session cookie is written by React Router (createCookie, createSessionStorage) and read by
// our own HMAC check (sessionIdOfCookieHeader): these hold the two to the same format, and the
// check to refusing every cookie React Router's own parse would refuse.
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

// A secret being rotated out still verifies (docs/operations.md, APP_SECRET_PREVIOUS).
const PREVIOUS = "the-secret-before-this-one-0123456789abcdef";
process.env.APP_SECRET_PREVIOUS = PREVIOUS;
const session = await import("~/features/accounts/session.server");
const { insertActor } = await import("../support/people");
const { SESSION_COOKIE_NAME, createUserSession, sessionIdOfCookieHeader, userOfSessionCookie } =
  session;

/** The `name=value` pair of a Set-Cookie header, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

const cookieOf = (secret: string) => createCookie(SESSION_COOKIE_NAME, { secrets: [secret] });

describe("the session cookie", () => {
  let member: Awaited<ReturnType<typeof insertActor>>;
  beforeAll(async () => {
    member = await insertActor();
  });

  it("reads the session React Router wrote, and signs the member in", async () => {
    const header = `theme=dark; ${sentBack(await createUserSession(member.user))}; other=1`;
    const sid = sessionIdOfCookieHeader(header);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await cookieOf(process.env.APP_SECRET!).parse(header)).toBe(sid);
    expect((await userOfSessionCookie(header))?.id).toBe(member.user.id);
  });

  it("agrees with React Router's parse on values of every kind it writes", async () => {
    const cookie = cookieOf(process.env.APP_SECRET!);
    for (const value of ["abc", "한국어 세션", "a.b.c", `"quoted"`, "x".repeat(100)]) {
      const header = sentBack(await cookie.serialize(value));
      expect(sessionIdOfCookieHeader(header)).toBe(await cookie.parse(header));
    }
  });

  it("takes a cookie signed with the previous secret while it is rotated out", async () => {
    const header = sentBack(await cookieOf(PREVIOUS).serialize("rotated-session"));
    expect(sessionIdOfCookieHeader(header)).toBe("rotated-session");
  });

  it("refuses a forged, altered or unsigned cookie", async () => {
    const good = sentBack(await cookieOf(process.env.APP_SECRET!).serialize("someone-else"));
    const [name, signed] = good.split("=") as [string, string];
    const dot = signed.lastIndexOf(".");
    const value = signed.slice(0, dot);
    const signature = signed.slice(dot + 1);
    const otherValue = Buffer.from(JSON.stringify("my-own-sid")).toString("base64");
    const forged = sentBack(await cookieOf("an attacker's own secret").serialize("my-own-sid"));
    for (const header of [
      forged,
      `${name}=${otherValue}.${signature}`,
      `${name}=${value}.${signature.slice(0, -1)}`,
      `${name}=${value}.${signature}A`,
      `${name}=${value}`,
      `${name}=${value}.`,
      `${name}=.${signature}`,
      `${name}=`,
      "",
      "unrelated=1",
    ]) {
      expect(sessionIdOfCookieHeader(header), header).toBeNull();
      expect(await cookieOf(process.env.APP_SECRET!).parse(header), header).not.toBe(
        "someone-else",
      );
    }
  });

  it("answers null for a signed value that is not a session id", async () => {
    const header = sentBack(await cookieOf(process.env.APP_SECRET!).serialize({ sid: "x" }));
    expect(sessionIdOfCookieHeader(header)).toBeNull();
    expect(await userOfSessionCookie(header)).toBeNull();
  });
});
