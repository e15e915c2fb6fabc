// The society's public content (announcements, seminars, executives, history) is written by the
// office, and each service decides that itself: a member's actor is refused by every write,
// called directly or through the dashboard's intents, and nothing is created, changed or
// audited; an administrator's writes are audited with them; an unknown id is a 404.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { DASHBOARD_INTENTS } from "~/features/admin/dashboard.server";
import {
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from "~/features/announcements/announcements.server";
import { announcementSchema } from "~/features/announcements/validation";
import {
  createExecutive,
  deleteExecutive,
  moveExecutive,
  updateExecutive,
} from "~/features/executives/executives.server";
import { executiveSchema } from "~/features/executives/validation";
import {
  createHistoryEvent,
  deleteHistoryEvent,
  updateHistoryEvent,
} from "~/features/history/history.server";
import { historySchema } from "~/features/history/validation";
import { createSeminar, deleteSeminar, updateSeminar } from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { parse } from "~/lib/errors.server";
import { announcements, auditLog, executives, historyEvents, seminars } from "~db/schema";
import { insertActor } from "../support/people";
import { auditedBy, expectAdminOnly, expectRefused, UNKNOWN_ID } from "../support/refusals";

let admin: SessionActor;
let member: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
  member = await insertActor({ memberType: "regular" });
});

const announcement = (title: string) =>
  parse(announcementSchema, { title, content: "<p>총회 안내입니다.</p>", category: "공지" });
const seminar = (title: string) =>
  parse(seminarSchema, {
    title,
    description: "세미나 설명",
    speaker: "연자",
    date: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString(),
    location: "대구",
  });
const executive = (name: string) =>
  parse(executiveSchema, {
    name,
    position: "이사",
    title: "테스트의원 원장",
    credentials: "약력",
  });
const historyEvent = (title: string) =>
  parse(historySchema, { year: 2024, title, description: "연혁 설명" });

/** Every row the four tables hold, to compare before and after refused attempts. */
async function everything() {
  const db = await getDb();
  return Promise.all([
    db.select().from(announcements),
    db.select().from(seminars),
    db.select().from(executives),
    db.select().from(historyEvents),
  ]);
}

describe("a member's actor", () => {
  it("is refused every write of the society's content: nothing changes, nothing is audited", async () => {
    const ids = {
      announcement: (await createAnnouncement(admin, announcement("기존 공지"))).id,
      seminar: (await createSeminar(admin, seminar("기존 세미나"))).id,
      executive: (await createExecutive(admin, executive("기존임원"))).id,
      history: (await createHistoryEvent(admin, historyEvent("기존 연혁"))).id,
    };
    const before = await everything();

    await expectAdminOnly({
      createAnnouncement: () => createAnnouncement(member, announcement("회원 공지")),
      updateAnnouncement: () => updateAnnouncement(member, ids.announcement, { title: "바꿈" }),
      deleteAnnouncement: () => deleteAnnouncement(member, ids.announcement),
      createSeminar: () => createSeminar(member, seminar("회원 세미나")),
      updateSeminar: () => updateSeminar(member, ids.seminar, { status: "cancelled" }),
      deleteSeminar: () => deleteSeminar(member, ids.seminar),
      createExecutive: () => createExecutive(member, executive("회원임원")),
      updateExecutive: () => updateExecutive(member, ids.executive, { position: "회장" }),
      moveExecutive: () => moveExecutive(member, ids.executive, "up"),
      deleteExecutive: () => deleteExecutive(member, ids.executive),
      createHistoryEvent: () => createHistoryEvent(member, historyEvent("회원 연혁")),
      updateHistoryEvent: () => updateHistoryEvent(member, ids.history, { title: "바꿈" }),
      deleteHistoryEvent: () => deleteHistoryEvent(member, ids.history),
      // Refused before the id is looked at.
      deleteUnknown: () => deleteSeminar(member, UNKNOWN_ID),
    });
    // A form each intent takes: the fields of every kind of content at once.
    const dashboardForm = {
      title: "대시보드 제목",
      content: "<p>본문</p>",
      category: "공지",
      description: "설명",
      speaker: "연자",
      date: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      location: "대구",
      name: "대시보드임원",
      position: "이사",
      credentials: "약력",
      year: "2025",
      rejectionReason: "사유",
      direction: "up",
    };
    for (const [intent, work] of Object.entries(DASHBOARD_INTENTS)) {
      // The sign-up decisions are the accounts' services, guarded by the page (not covered here).
      if (intent === "approve-member" || intent === "reject-member") continue;
      const id = intent.startsWith("save-") ? "" : UNKNOWN_ID;
      await expectAdminOnly({ [intent]: () => work({ ...dashboardForm, id }, member) });
    }

    expect(await everything()).toEqual(before);
    expect(await auditedBy(member.user.id)).toEqual([]);
  });
});

describe("an administrator's actor", () => {
  it("writes each kind of content, audited with who and from where", async () => {
    const made = await createAnnouncement(admin, announcement("새 공지"));
    await updateAnnouncement(admin, made.id, { title: "고친 공지" });
    const event = await createHistoryEvent(admin, historyEvent("창립"));
    await updateHistoryEvent(admin, event.id, { title: "학회 창립" });
    const person = await createExecutive(admin, executive("새임원"));
    await moveExecutive(admin, person.id, "up");
    const meeting = await createSeminar(admin, seminar("새 세미나"));
    await updateSeminar(admin, meeting.id, { location: "서울" });
    await deleteSeminar(admin, meeting.id);
    await deleteExecutive(admin, person.id);
    await deleteHistoryEvent(admin, event.id);
    await deleteAnnouncement(admin, made.id);

    const db = await getDb();
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "announcement_create",
        "announcement_update",
        "announcement_delete",
        "history_create",
        "history_update",
        "history_delete",
        "executive_create",
        "executive_update",
        "executive_delete",
        "seminar_create",
        "seminar_update",
        "seminar_delete",
      ]),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: admin.user.email, ip: "127.0.0.1" });
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      await expectRefused(
        () => updateAnnouncement(admin, id, { title: "x" }),
        404,
        "공지사항을 찾을 수 없습니다.",
      );
      await expectRefused(() => deleteAnnouncement(admin, id), 404);
      await expectRefused(() => updateSeminar(admin, id, { title: "x" }), 404);
      await expectRefused(() => deleteSeminar(admin, id), 404);
      await expectRefused(
        () => updateExecutive(admin, id, { name: "x" }),
        404,
        "임원 정보를 찾을 수 없습니다.",
      );
      await expectRefused(() => moveExecutive(admin, id, "down"), 404);
      await expectRefused(() => deleteExecutive(admin, id), 404);
      await expectRefused(
        () => updateHistoryEvent(admin, id, { title: "x" }),
        404,
        "연혁 정보를 찾을 수 없습니다.",
      );
      await expectRefused(() => deleteHistoryEvent(admin, id), 404);
    }
  });
});
