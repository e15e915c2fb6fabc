// Issue 39 on a 375 px phone: a seminar under way shows 진행 중 on /activities (not under 지난
// 세미나), its credit sheet waits for the end, and the send-out of an ended seminar's sheet asks
// for confirmation in a dialog that says what will happen (취소 leaves the sheet as it was).
import { expect, test } from "@playwright/test";
import { uniqueSuffix } from "../support/http";
import { asAdmin, createApprovedMember, DEMO_ADMIN, loginAs, open } from "./fixtures";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

test.use({ viewport: { width: 375, height: 812 } });

test("a seminar under way shows 진행 중, and sending the credit sheet asks first", async ({
  page,
}) => {
  const suffix = uniqueSuffix().slice(-6);
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const doctor = await createApprovedMember({ name: `단계회원${suffix}` });
  const { ongoing, ended } = await asAdmin(async (admin) => {
    const create = async (title: string, start: number, end: number) => {
      const res = await admin.post("/api/seminars", {
        data: {
          title,
          description: "진행 단계 시험",
          speaker: "김강사",
          date: new Date(start).toISOString(),
          endDate: new Date(end).toISOString(),
          location: "대구 엑스코 321호",
          cmeCredits: 2,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const ids = {
      // 09:00–13:00 seen at 10:44.
      ongoing: await create(`진행 중 강좌 ${suffix}`, now - 104 * MINUTE, now + 136 * MINUTE),
      ended: await create(`끝난 강좌 ${suffix}`, now - 4 * HOUR, now - MINUTE),
    };
    // The doctor came to both: in and out of the ended one, in (and still there) at the other.
    const scans = [
      [ids.ended, "in", now - 4 * HOUR],
      [ids.ended, "out", now - 2 * MINUTE],
      [ids.ongoing, "in", now - 100 * MINUTE],
    ] as const;
    const registrations = new Map<string, string>();
    for (const [seminarId, direction, at] of scans) {
      if (!registrations.has(seminarId)) {
        const added = await admin.post(`/api/admin/seminars/${seminarId}/registrations`, {
          data: { email: doctor.email },
        });
        expect(added.status(), await added.text()).toBe(201);
        registrations.set(seminarId, ((await added.json()) as { id: string }).id);
      }
      const scan = await admin.post(`/api/admin/seminars/${seminarId}/check-ins`, {
        data: {
          registrationId: registrations.get(seminarId),
          direction,
          at: new Date(at).toISOString(),
        },
      });
      expect(scan.status(), await scan.text()).toBe(200);
    }
    return ids;
  });

  // A visitor's /activities: the seminar under way is with the upcoming ones, marked 진행 중.
  await open(page, "/activities");
  const card = page.getByRole("article").filter({ hasText: `진행 중 강좌 ${suffix}` });
  await expect(card.getByText("진행 중", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /신청 마감/ })).toBeDisabled();
  const pastHeading = page.getByRole("heading", { name: "지난 세미나" });
  const cardTop = (await card.boundingBox())!.y;
  if (await pastHeading.count()) {
    expect(cardTop).toBeLessThan((await pastHeading.boundingBox())!.y);
  }
  await open(page, `/activities/${ongoing}`);
  await expect(page.getByText("진행 중", { exact: true })).toBeVisible();

  // The office: the sheet of the seminar under way waits for its end.
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, `/admin/seminars/${ongoing}/credits`);
  await expect(page.getByText(/세미나가 끝난 뒤/)).toBeVisible();
  await expect(page.getByRole("button", { name: "참석자에게 발송" })).toHaveCount(0);
  // Someone still in the hall is 입장 중, not 미완료.
  const row = page.getByRole("listitem").filter({ hasText: doctor.name });
  await expect(row.getByText("입장 중", { exact: true })).toBeVisible();
  await expect(row.getByText("미완료")).toHaveCount(0);

  // The ended one's sheet: 발송 asks first; 취소 changes nothing, 발송 sends.
  await open(page, `/admin/seminars/${ended}/credits`);
  const sendButton = page.getByRole("button", { name: "참석자에게 발송" });
  await sendButton.click();
  const dialog = page.getByRole("alertdialog", { name: "참석자에게 발송할까요?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("참석자 1명에게 산정된 평점이 메일로 발송");
  await expect(dialog).toContainText("되돌릴 수 없습니다");
  // The dialog fits the phone's width.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await dialog.getByRole("button", { name: "취소" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("작성 중", { exact: true })).toBeVisible();
  await sendButton.click();
  await page
    .getByRole("alertdialog", { name: "참석자에게 발송할까요?" })
    .getByRole("button", { name: "발송" })
    .click();
  await expect(page.getByText("이의 신청 기간", { exact: true })).toBeVisible();
});
