import { describe, expect, it } from "vitest";
import { isBusinessNumber } from "~/features/payments/validation";

describe("isBusinessNumber (사업자등록번호 check digit)", () => {
  it("accepts real numbers with or without dashes", () => {
    expect(isBusinessNumber("124-81-00998")).toBe(true);
    expect(isBusinessNumber("2208162517")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length and letters", () => {
    expect(isBusinessNumber("123-45-67890")).toBe(false);
    expect(isBusinessNumber("124-81-00997")).toBe(false);
    expect(isBusinessNumber("124-81-0099")).toBe(false);
    expect(isBusinessNumber("12a-81-00998")).toBe(false);
  });
});
