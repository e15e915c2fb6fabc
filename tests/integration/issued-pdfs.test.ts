// The PDFs the society issues (참석확인서, 납부확인서) over real HTTP: each is drawn once and kept
// until what it shows changes, served from the kept copy byte for byte; only new drawings count
// against the member's hourly allowance (PDF_DRAWS_PER_HOUR, 3 here), past which a drawing is a
// Korean 429 while kept copies are still served; and the kept copies leave with the member.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  duesPayments,
  keptDocuments,
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  users,
} from "~db/schema";
import { type ErrorBody, expectKoreanMessages, json } from "../support/accounts";
import { insertSeminar } from "../support/admin";
import { insertMember, type Member } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ env: { PDF_DRAWS_PER_HOUR: "3" } });

/** A member with one paid year and one certificate of a locked sheet, written as the office would. */
async function memberWithDocuments(code: string) {
  const member = await insertMember(server, { name: "문서회원" });
  const [payment] = await server.db
    .insert(duesPayments)
    .values({
      userId: member.id,
      memberName: member.name,
      year: 2026,
      amount: 100_000,
      method: "계좌이체",
      paidAt: "2026-03-02",
      receiptCode: `R${code.slice(1)}`,
    })
    .returning({ id: duesPayments.id });
  const seminar = await insertSeminar(server, {
    title: "문서 발급 연수강좌",
    date: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
  });
  const [registration] = await server.db
    .insert(seminarRegistrations)
    .values({
      seminarId: seminar.id,
      userId: member.id,
      name: member.name,
      email: member.email,
      phone: "010-2345-6789",
    })
    .returning({ id: seminarRegistrations.id });
  await server.db
    .insert(seminarCreditSheets)
    .values({ seminarId: seminar.id, status: "locked", lockedAt: new Date() });
  await server.db.insert(seminarCredits).values({
    registrationId: registration!.id,
    seminarId: seminar.id,
    finalMinutes: 240,
    finalCredits: 4,
    certificateCode: code,
  });
  return {
    member,
    receipt: `/api/me/payments/${payment!.id}/receipt.pdf`,
    certificate: `/mypage/certificates/${seminar.id}`,
  };
}

async function download(path: string, member: Member) {
  const res = await server.fetch(path, { headers: { Cookie: member.cookie } });
  return { status: res.status, res, bytes: Buffer.from(await res.clone().arrayBuffer()) };
}

describe("issued PDFs: kept until their data changes, new drawings limited per member", () => {
  it("serves the kept copy again, draws anew when the data changes, and 429s past the allowance", async () => {
    const { member, receipt, certificate } = await memberWithDocuments("ABCD-EFGH-JK23");

    const first = await download(receipt, member);
    expect(first.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/pdf");
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Downloaded again and again: the very same bytes (a new drawing would carry a new date and
    // font tag), and not counted: five more downloads stay within an allowance of three.
    for (let i = 0; i < 5; i++) {
      const again = await download(receipt, member);
      expect(again.status).toBe(200);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
    const kept = await server.db
      .select()
      .from(keptDocuments)
      .where(eq(keptDocuments.userId, member.id));
    expect(kept).toHaveLength(1);
    expect(Buffer.from(kept[0]!.body).equals(first.bytes)).toBe(true);

    const certified = await download(certificate, member); // drawing 2
    expect(certified.status).toBe(200);
    expect((await download(certificate, member)).bytes.equals(certified.bytes)).toBe(true);

    // The name on the record changes: the receipt is drawn anew, in place of the old copy.
    await server.db.update(users).set({ name: "문서회원개명" }).where(eq(users.id, member.id));
    const renamed = await download(receipt, member); // drawing 3
    expect(renamed.status).toBe(200);
    expect(renamed.bytes.equals(first.bytes)).toBe(false);
    expect(
      await server.db.select().from(keptDocuments).where(eq(keptDocuments.userId, member.id)),
    ).toHaveLength(2);

    // A fourth drawing (the certificate shows the new name too) is past the allowance …
    const refused = await download(certificate, member);
    expect(refused.status).toBe(429);
    const answer = await json<ErrorBody>(refused.res);
    expect(answer.message).toBe("확인서 발급 요청이 너무 많습니다. 1시간 후에 다시 시도해주세요.");
    expectKoreanMessages(answer);
    // … while what is kept is still served, and another member has an allowance of their own.
    expect((await download(receipt, member)).bytes.equals(renamed.bytes)).toBe(true);
    const other = await memberWithDocuments("ABCD-EFGH-JK24");
    expect((await download(other.certificate, other.member)).status).toBe(200);

    // The kept copies are the member's data: they go with the account.
    await server.db.delete(users).where(eq(users.id, member.id));
    expect(
      await server.db.select().from(keptDocuments).where(eq(keptDocuments.userId, member.id)),
    ).toHaveLength(0);
  });

  it("keeps nothing for a document the member may not have", async () => {
    const { receipt, certificate } = await memberWithDocuments("ABCD-EFGH-JK25");
    const stranger = await insertMember(server);
    for (const path of [receipt, certificate]) {
      const res = await download(path, stranger);
      expect(res.status, path).toBe(404);
      expectKoreanMessages(await json<ErrorBody>(res.res));
    }
    expect(
      await server.db.select().from(keptDocuments).where(eq(keptDocuments.userId, stranger.id)),
    ).toHaveLength(0);
  });
});
