import { describe, expect, it } from "vitest";
import { checkoutSchema, isBusinessNumber } from "~/features/payments/validation";

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

describe("the checkout's 현금영수증 number", () => {
  const checkout = (cashReceiptType: string, cashReceiptIdentifier: string) =>
    checkoutSchema.safeParse({ method: "transfer", cashReceiptType, cashReceiptIdentifier });

  it("takes a number typed with spaces or dashes, as sign-up does", () => {
    for (const phone of ["010 1234 5678", "010-1234-5678", " 01012345678 "]) {
      const result = checkout("소득공제", phone);
      expect(result.success, phone).toBe(true);
      expect(result.data?.cashReceiptIdentifier, phone).toMatch(/^010-?1234-?5678$/);
    }
    expect(checkout("지출증빙", "124 81 00998").success).toBe(true);
  });

  it("refuses what is no phone number, with the Korean reason", () => {
    const result = checkout("소득공제", "010 12");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("휴대전화 번호");
  });
});
