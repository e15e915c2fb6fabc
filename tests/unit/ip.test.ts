import { describe, expect, it } from "vitest";
import { displayIp } from "~/lib/ip";

describe("displayIp", () => {
  it("shows an IPv4-mapped IPv6 address as IPv4", () => {
    expect(displayIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(displayIp("::FFFF:10.0.0.2")).toBe("10.0.0.2");
  });
  it("keeps other addresses and answers null for none", () => {
    expect(displayIp("2001:db8::1")).toBe("2001:db8::1");
    expect(displayIp("203.0.113.7")).toBe("203.0.113.7");
    expect(displayIp(null)).toBeNull();
    expect(displayIp("")).toBeNull();
  });
});
