// The footer's legal lines and the 이용약관 (issue 40): a fresh site shows both with defaults, the
// office alone edits them (page and JSON), bad input is a Korean 400 that keeps what was saved,
// every page shows a change on its next request, and terms versions stay readable.
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, duesPayments, mailQueue } from "~db/schema";
import {
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  type LoggedIn,
  userRow,
} from "../support/accounts";
import { flashToastOf, insertSeminar } from "../support/admin";
import { get, json, postForm, postJson, sendJson, signUp, uploadImage } from "../support/http";
import { insertMember } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer();
let admin: LoggedIn;
let member: LoggedIn;

beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server);
});

const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** The footer of a page, as HTML. */
async function footerOf(path: string, cookie?: string) {
  const html = await text(await get(server, path, { cookie }));
  const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
  expect(footer.length).toBeGreaterThan(0);
  return footer;
}

const SETTINGS = {
  representative: "김대표",
  registrationLabel: "사업자등록번호",
  registrationNumber: "123-45-67890",
  address: "대구광역시 중구 국채보상로 123, 7층",
  phone: "053-111-2222",
  fax: "053-111-2223",
  email: "contact@society.example",
  privacyOfficer: "사무국장 이보호",
  privacyOfficerContact: "053-111-2224",
};

describe("the footer's legal lines", () => {
  it("a fresh site shows every line with its default, and the three policy links", async () => {
    const footer = await footerOf("/");
    for (const label of [
      "대표자",
      "고유번호",
      "주소",
      "전화",
      "팩스",
      "이메일",
      "개인정보보호책임자",
    ]) {
      expect(footer, label).toContain(label);
    }
    const privacyLink = /<a[^>]*href="\/privacy"[^>]*>개인정보처리방침</.exec(footer)?.[0] ?? "";
    expect(privacyLink).toContain("font-bold");
    expect(footer).toContain('href="/terms"');
    expect(footer).toContain('href="/email-policy"');
    expect((await get(server, "/email-policy")).status).toBe(200);
    expect(await text(await get(server, "/email-policy"))).toContain("무단 수집");
  });

  it("visitors and members may neither read nor change the settings", async () => {
    expect((await get(server, "/api/admin/settings")).status).toBe(401);
    expect((await get(server, "/api/admin/settings", { cookie: member.cookie })).status).toBe(403);
    const put = await sendJson(server, "PUT", "/api/admin/settings", SETTINGS, {
      cookie: member.cookie,
    });
    expect(put.status).toBe(403);
    const page = await postForm(
      server,
      "/admin/settings",
      { intent: "society", ...SETTINGS },
      { cookie: member.cookie },
    );
    expect(page.status).toBe(403);
    expect(await footerOf("/")).not.toContain("김대표");
  });

  it("bad input is a 400 with Korean messages per field, and nothing is saved", async () => {
    const res = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, email: "not-an-email", fax: "팩스 없음", representative: "  " },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expectKoreanMessages(body);
    expect(body.errors?.email).toBe("올바른 이메일 형식이 아닙니다");
    expect(body.errors?.fax).toContain("숫자");
    expect(body.errors?.representative).toBe("대표자 이름을 입력해주세요");
    const wrongLabel = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, registrationLabel: "주민등록번호" },
      { cookie: admin.cookie },
    );
    expect(wrongLabel.status).toBe(400);
    const now = await json<Record<string, string>>(
      await get(server, "/api/admin/settings", { cookie: admin.cookie }),
    );
    expect(now.representative).not.toBe("김대표");
  });

  it("the office's change shows in every page's footer at once, and is audited", async () => {
    // A page read before the change (and stored by the page cache) must not be served after it.
    await footerOf("/about");
    const res = await sendJson(server, "PUT", "/api/admin/settings", SETTINGS, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject(SETTINGS);
    for (const path of ["/", "/about", "/privacy"]) {
      const footer = await footerOf(path, path === "/" ? member.cookie : undefined);
      expect(footer, path).toContain("김대표");
      expect(footer, path).toContain("사업자등록번호");
      expect(footer, path).toContain("123-45-67890");
      expect(footer, path).toContain("053-111-2223");
      expect(footer, path).toContain("사무국장 이보호");
    }
    expect(await text(await get(server, "/privacy"))).toContain("사무국장 이보호");
    const entries = await server.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, "society_settings_update"), eq(auditLog.actorId, admin.id)));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries.at(-1)?.detail)).toContain("김대표");

    // The mails sent from now on give the office's contact and address, not the deployment's.
    const asked = await postForm(server, "/forgot-password", { email: member.email });
    expect(asked.status).toBe(200);
    const [mail] = await server.db
      .select({ text: mailQueue.text, html: mailQueue.html })
      .from(mailQueue)
      .where(eq(mailQueue.to, member.email))
      .orderBy(desc(mailQueue.createdAt))
      .limit(1);
    expect(mail?.text).toContain("053-111-2222");
    expect(mail?.text).toContain("대구광역시 중구 국채보상로 123, 7층");
    expect(mail?.html).toContain("/apple-touch-icon.png");
  });

  it("the settings page saves without JavaScript and refuses a bad field in Korean", async () => {
    const page = await get(server, "/admin/settings", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.headers.get("cache-control")).toContain("private");
    const call = await get(server, "/api/admin/settings", { cookie: admin.cookie });
    expect(call.headers.get("cache-control")).toContain("no-store");
    expect((await get(server, "/admin/settings", { cookie: member.cookie })).status).toBe(403);
    expect(await text(page)).toContain("사이트 설정");
    const saved = await postForm(
      server,
      "/admin/settings",
      { intent: "society", ...SETTINGS, representative: "박대표" },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(302);
    expect(flashToastOf(saved)?.title).toContain("저장했습니다");
    expect(await footerOf("/")).toContain("박대표");
    const refused = await postForm(
      server,
      "/admin/settings",
      { intent: "society", ...SETTINGS, representative: "최대표", phone: "전화" },
      { cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("전화번호는 숫자와 - 기호로 입력해주세요");
    expect(await footerOf("/")).toContain("박대표");
  });
});

describe("이용약관 in versions", () => {
  it("a fresh site has version 1, public at /terms and /api/terms", async () => {
    const page = await text(await get(server, "/terms"));
    expect(page).toContain("버전 1");
    expect(page).toContain("제1조 (목적)");
    // 제1조 names the society (the seeded text's {{학회명}}, migration 0033).
    const { societyConfig } = await import("~/features/society/config.server");
    expect(page).toContain(`이 약관은 ${societyConfig.name}(이하 &quot;학회&quot;)가 운영하는`);
    expect(page).not.toContain("{{");
    expect(page).toContain("마이페이지에서 직접 탈퇴하거나");
    const api = await json<{ version: number; body: string; versions: unknown[] }>(
      await get(server, "/api/terms"),
    );
    expect(api.version).toBe(1);
    expect(api.body).toContain(`이 약관은 ${societyConfig.name}(이하 "학회")가`);
    expect(api.versions).toHaveLength(1);
  });

  it("only the office publishes; an empty text is a Korean 400", async () => {
    expect((await postJson(server, "/api/admin/terms", { body: "제1조 (목적)" })).status).toBe(401);
    expect(
      (await postJson(server, "/api/admin/terms", { body: "제1조" }, { cookie: member.cookie }))
        .status,
    ).toBe(403);
    const empty = await postJson(
      server,
      "/api/admin/terms",
      { body: "   " },
      { cookie: admin.cookie },
    );
    expect(empty.status).toBe(400);
    expect((await json<ErrorBody>(empty)).errors?.body).toBe("약관 내용을 입력해주세요");
    const long = await postJson(
      server,
      "/api/admin/terms",
      { body: "가".repeat(30_001) },
      { cookie: admin.cookie },
    );
    expect(long.status).toBe(400);
    expect((await json<{ version: number }>(await get(server, "/api/terms"))).version).toBe(1);
  });

  it("a new version is in force at once; the old one stays readable; sign-ups record the new one", async () => {
    const body =
      "제1조 (목적)\n새 약관의 목적입니다.\n\n제2조 (정의)\n1. 새로운 정의\n\n부칙\n공포한 날부터 시행합니다.";
    const res = await postJson(server, "/api/admin/terms", { body }, { cookie: admin.cookie });
    expect(res.status).toBe(201);
    const { version } = await json<{ version: number }>(res);
    expect(version).toBe(2);

    const current = await text(await get(server, "/terms"));
    expect(current).toContain("새 약관의 목적입니다.");
    expect(current).toContain("현재 시행 중");
    expect(current).toContain('href="/terms?version=1"');
    const older = await text(await get(server, "/terms?version=1"));
    expect(older).toContain("이전 버전");
    expect(older).not.toContain("새 약관의 목적입니다.");
    for (const bad of ["0", "abc", "99", "1.5"]) {
      expect((await get(server, `/terms?version=${bad}`)).status, bad).toBe(404);
    }

    const doctor = await signUp(server);
    expect((await userRow(server, doctor.id))?.termsConsentVersion).toBe(2);
    const audited = await server.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, "terms_publish"));
    expect(audited.length).toBe(1);
  });

  it("the settings page publishes a version from its form", async () => {
    const res = await postForm(
      server,
      "/admin/settings",
      { intent: "terms", body: "제1조 (목적)\n세 번째 약관입니다." },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(302);
    expect(flashToastOf(res)?.title).toContain("버전 3");
    expect(await text(await get(server, "/terms"))).toContain("세 번째 약관입니다.");
  });
});

describe("오시는 길", () => {
  it("gives the address and the contact before the map, and the office's address", async () => {
    const html = await text(await get(server, "/location"));
    const main = html.slice(html.indexOf("<main"));
    const address = main.indexOf(">주소<");
    expect(address).toBeGreaterThan(0);
    expect(address).toBeLessThan(main.indexOf("<iframe"));
    expect(main.indexOf(">연락처<")).toBeLessThan(main.indexOf("<iframe"));
  });
});

describe("the emblem in link previews and on a phone's home screen", () => {
  /** The og:image address a page names. */
  async function ogImageOf(path: string) {
    const html = await text(await get(server, path));
    return /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  }

  async function pixel(png: Buffer, x: number, y: number) {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  }

  it("a fresh site draws the built-in emblem there", async () => {
    const og = await get(server, "/og-image.png");
    expect(og.status).toBe(200);
    const bytes = Buffer.from(await og.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The built-in emblem's navy disc, left of its book.
    expect(await pixel(bytes, 100, 210)).toEqual([23, 58, 118]);
  });

  it("draws the office's emblem on the Open Graph image and the touch icon, under a new address", async () => {
    const before = await ogImageOf("/about");
    expect(before).toMatch(/\/og-image\.png\?v=/);

    const red = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const emblemUrl = await uploadImage(server, { cookie: admin.cookie, body: red });
    const saved = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, emblemUrl },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(200);

    const after = await ogImageOf("/about");
    expect(after).not.toBe(before);
    expect(after).toContain(emblemUrl.slice(-8));
    const og = await get(server, new URL(after!).pathname + new URL(after!).search);
    expect(og.status).toBe(200);
    expect(og.headers.get("content-type")).toBe("image/png");
    const ogBytes = Buffer.from(await og.arrayBuffer());
    expect(await sharp(ogBytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The emblem's place (120 × 120 at 80, 150) is the office's red; the background is not.
    expect(await pixel(ogBytes, 140, 210)).toEqual([220, 0, 0]);
    expect((await pixel(ogBytes, 1100, 40))[0]).not.toBe(220);

    const icon = await get(server, "/apple-touch-icon.png");
    expect(icon.status).toBe(200);
    // The mails' logo: a webmail shows it from its own page, which same-origin would refuse.
    expect(icon.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(og.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    // The site's own pages stay same-origin.
    expect((await get(server, "/")).headers.get("cross-origin-resource-policy")).toBe(
      "same-origin",
    );
    const iconBytes = Buffer.from(await icon.arrayBuffer());
    expect(await sharp(iconBytes).metadata()).toMatchObject({ width: 180, height: 180 });
    expect(await pixel(iconBytes, 90, 90)).toEqual([220, 0, 0]);
    expect(await pixel(iconBytes, 2, 2)).toEqual([255, 255, 255]);
    expect(await text(await get(server, "/"))).toContain(
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
    );
    // /favicon.ico, asked for by name: one 32 px PNG in an ICO file, of the same emblem.
    const ico = await get(server, "/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    const icoBytes = Buffer.from(await ico.arrayBuffer());
    expect([...icoBytes.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    const icoPng = icoBytes.subarray(icoBytes.readUInt32LE(18));
    expect(icoPng.length).toBe(icoBytes.readUInt32LE(14));
    expect(await sharp(icoPng).metadata()).toMatchObject({ width: 32, height: 32 });
    expect((await pixel(icoPng, 16, 16))[0]).toBe(220);
    // Back to the built-in emblem, as the documents' tests below start from.
    const reset = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, emblemUrl: "" },
      { cookie: admin.cookie },
    );
    expect(reset.status).toBe(200);
    expect(await ogImageOf("/about")).toBe(before);
  });
});

describe("the issued documents carry the office's details, emblem and seal", () => {
  /** Every text item of the PDF, and how many images its page paints (pdfjs, as a reader). */
  async function readPdf(bytes: Uint8Array) {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join("\n");
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
    await doc.destroy();
    return { text, images };
  }

  async function receiptOf(year: number) {
    const doctor = await insertMember(server, { name: "문서받는회원" });
    const [payment] = await server.db
      .insert(duesPayments)
      .values({
        userId: doctor.id,
        memberName: doctor.name,
        year,
        amount: 200_000,
        method: "계좌이체",
        paidAt: `${year}-03-02`,
        receiptCode: `R${Math.random()
          .toString(36)
          .slice(2, 6)
          .toUpperCase()
          .replace(/[01IO]/g, "A")}`,
      })
      .returning({ id: duesPayments.id });
    const res = await server.fetch(`/api/me/payments/${payment!.id}/receipt.pdf`, {
      headers: { Cookie: doctor.cookie },
    });
    expect(res.status).toBe(200);
    return readPdf(new Uint8Array(await res.arrayBuffer()));
  }

  it("refuses an image path that is not the office's own upload (a member's licence image)", async () => {
    const licence = await uploadImage(server, { cookie: member.cookie });
    const res = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, sealUrl: licence },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.sealUrl).toBe("이미지를 다시 업로드해주세요");
    const elsewhere = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, emblemUrl: "https://evil.example/logo.png" },
      { cookie: admin.cookie },
    );
    expect(elsewhere.status).toBe(400);
  });

  it("prints the 발급번호, 회장 with the seal, the registration number and the emblem", async () => {
    const before = await receiptOf(2026);
    expect(before.text).toMatch(/발급번호 제\d{4}-\d{5}호/);
    expect(before.text).toContain("(직인생략)");
    // The built-in emblem, as the header shows it, and no seal.
    expect(before.images).toBe(1);

    const emblemUrl = await uploadImage(server, { cookie: admin.cookie });
    const sealUrl = await uploadImage(server, { cookie: admin.cookie });
    const saved = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, representative: "정회장", emblemUrl, sealUrl },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(200);
    const after = await receiptOf(2026);
    expect(after.text).toContain("회장 정회장");
    expect(after.text).toContain("사업자등록번호 123-45-67890");
    expect(after.text).toContain("확인합니다.");
    expect(after.text).not.toContain("(직인생략)");
    expect(after.images).toBe(2);
    // Numbered in order within the year, each document keeping its own.
    const numbers = [before.text, after.text].map((t) => /제(\d{4})-(\d{5})호/.exec(t)!.slice(1));
    expect(Number(numbers[1]![1])).toBe(Number(numbers[0]![1]) + 1);
    // The header shows the office's emblem.
    expect(await text(await get(server, "/about"))).toContain(emblemUrl);
  });
});

describe("the home page's next seminar and related bodies", () => {
  it("leads with the next seminar, and lists the related bodies the office sets", async () => {
    const seminar = await insertSeminar(server, {
      title: "다음 달 개원의 AI 마케팅 연수",
      date: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    const home = await text(await get(server, "/"));
    const banner = home.slice(home.indexOf('aria-labelledby="next-seminar-title"'));
    expect(banner).toContain("다음 세미나");
    expect(banner).toContain(`/activities/${seminar.id}`);
    const related = home.slice(home.indexOf('aria-label="관련 기관"'));
    expect(related).toContain("대한의사협회");
    expect(related).toContain("https://www.hira.or.kr");

    const bad = await sendJson(
      server,
      "PUT",
      "/api/admin/settings",
      { ...SETTINGS, relatedLinks: "주소 없는 줄" },
      { cookie: admin.cookie },
    );
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).errors?.relatedLinks).toContain("https://");
    const saved = await postForm(
      server,
      "/admin/settings",
      {
        intent: "society",
        ...SETTINGS,
        relatedLinks: "대한병원협회 https://www.kha.or.kr\n\n질병관리청 https://www.kdca.go.kr",
      },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(302);
    const after = await text(await get(server, "/"));
    const strip = after.slice(after.indexOf('aria-label="관련 기관"'));
    expect(strip).toContain("대한병원협회");
    expect(strip).toContain("https://www.kdca.go.kr");
    expect(strip).not.toContain("대한의사협회");
  });
});
