// A signed-in member's upload URLs are counted per account: a member attaching many images used
// up the per-address budget that logins share, and every doctor behind the same clinic or
// carrier address was refused the login with a 429.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~db/schema";
import { postJson } from "../support/accounts";
import { insertMember } from "../support/members";
import { setupTestServer } from "../support/test-server";

const LIMIT = 3;
const server = setupTestServer({ env: { AUTH_MAX_REQUESTS_PER_IP: String(LIMIT) } });

const addressCount = async () => {
  const [row] = await server.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, "auth-ip:127.0.0.1"));
  return row?.count ?? 0;
};

describe("upload URLs of a signed-in member", () => {
  it("are limited per account, and leave the address's login allowance alone", async () => {
    const member = await insertMember(server);
    const before = await addressCount();
    for (let i = 0; i < LIMIT; i++) {
      const res = await postJson(server, "/api/objects/upload", undefined, {
        cookie: member.cookie,
      });
      expect(res.status).toBe(200);
    }
    const refused = await postJson(server, "/api/objects/upload", undefined, {
      cookie: member.cookie,
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/[가-힣]/);
    expect(await addressCount()).toBe(before);
    // Another doctor at the same address still signs in.
    const colleague = await insertMember(server);
    expect(colleague.cookie).toBeTruthy();
  });
});
