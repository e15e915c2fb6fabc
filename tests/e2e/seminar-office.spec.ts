// The office's seminars on a phone (issue 39, items 7 and 8): from the admin menu's 세미나 to a
// seminar's registrants at 375 px, and a registration taken by phone: the office finds the member
// by the number they gave and adds them with one tap, no e-mail needed.
import { expect, test } from "@playwright/test";
import { uniqueSuffix } from "../support/http";
import {
  asAdmin,
  createApprovedMember,
  DEMO_ADMIN,
  horizontalOverflow,
  loginAs,
  open,
  openDashboard,
  toast,
} from "./fixtures";

test("at 375 px the office opens a seminar from 세미나 and adds a registrant found by phone", async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const digits = suffix.replace(/\D/g, "").padStart(8, "7").slice(-8);
  const phone = `010-${digits.slice(0, 4)}-${digits.slice(4)}`;
  const title = `전화 신청 세미나 ${suffix.slice(-6)}`;
  const seminar = await asAdmin(async (admin) => {
    const response = await admin.post("/api/seminars", {
      data: {
        title,
        description: "전화로 받은 신청을 사무국이 추가합니다.",
        speaker: "김연자 원장",
        date: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString(),
        location: "학회 세미나실",
        capacity: 30,
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: string };
  });
  const doctor = await createApprovedMember({ phone });

  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, "/admin/dashboard");
  await page
    .getByRole("navigation", { name: "관리자 메뉴" })
    .getByRole("link", { name: "세미나" })
    .click();
  await expect(page).toHaveURL(/\/admin\/seminars$/);
  await expect(page.getByRole("heading", { level: 1, name: "세미나" })).toBeVisible();
  await page.getByLabel("세미나 검색").fill(title);
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("link", { name: `현장 출결 (${title})` })).toHaveAttribute(
    "href",
    `/admin/seminars/${seminar.id}/check-in`,
  );
  await expect(page.getByRole("link", { name: `연수평점 (${title})` })).toHaveAttribute(
    "href",
    `/admin/seminars/${seminar.id}/credits`,
  );
  await page.getByRole("link", { name: `신청자 (${title})` }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();

  // The number as the caller says it, without dashes.
  await page.getByLabel("회원 찾기 (이름, 연락처, 이메일)").fill(phone.replace(/-/g, ""));
  await page.getByRole("button", { name: "회원 찾기" }).click();
  await expect(page.getByText("1명을 찾았습니다")).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: `추가 (${doctor.name})` }).click();
  await expect(toast(page, "신청자 추가 완료")).toBeVisible();
  const registrants = page.getByRole("table", { name: "신청자 목록" });
  await expect(registrants.getByRole("rowheader", { name: doctor.name })).toBeVisible();
  await expect(
    registrants.getByRole("link", { name: new RegExp(`${doctor.name}님에게 전화`) }),
  ).toHaveAttribute("href", `tel:${phone.replace(/-/g, "")}`);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("the seminar form edits the credit bands as rows with a live preview, and saves them", async ({
  page,
}) => {
  const title = `구간 행 세미나 ${uniqueSuffix().slice(-6)}`;
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const panel = await openDashboard(page, "학술 활동");
  await panel.getByRole("button", { name: "학술 활동 등록" }).click();
  const dialog = page.getByRole("dialog", { name: "학술 활동 등록" });
  await dialog.getByLabel("제목").fill(title);
  await dialog.getByLabel("설명").fill("평점 구간을 행으로 입력합니다.");
  await dialog.getByLabel("연자").fill("김연자 원장");
  await dialog.getByLabel("일시").fill("2027-06-05T09:00");
  await dialog.getByLabel("장소").fill("학회 세미나실");
  await dialog.getByLabel("연수평점 (최대)").fill("4");
  await dialog.getByLabel("1번째 구간 시작(분)").fill("120");
  await dialog.getByLabel("1번째 구간 끝(분)").fill("180");
  await dialog.getByLabel("1번째 구간 평점").fill("3");
  await dialog.getByRole("button", { name: "구간 추가" }).click();
  await dialog.getByLabel("2번째 구간 시작(분)").fill("170");
  await dialog.getByLabel("2번째 구간 평점").fill("4");
  await expect(
    dialog.getByText("2번째 구간: 구간은 시간 순서대로, 겹치지 않게 입력해주세요"),
  ).toBeVisible();
  await dialog.getByLabel("2번째 구간 시작(분)").fill("180");
  await expect(dialog.getByText("120분 이상 180분 미만: 3점")).toBeVisible();
  await expect(dialog.getByText("180분 이상: 4점")).toBeVisible();
  await dialog.getByRole("button", { name: "등록" }).click();
  await expect(toast(page, "학술 활동 등록 완료")).toBeVisible();
  const saved = await asAdmin(async (admin) => {
    const list = (await (await admin.get("/api/seminars")).json()) as {
      title: string;
      creditBands: unknown;
    }[];
    return list.find((s) => s.title === title);
  });
  expect(saved?.creditBands).toEqual([
    { fromMinutes: 120, toMinutes: 180, credits: 3 },
    { fromMinutes: 180, toMinutes: null, credits: 4 },
  ]);
});
