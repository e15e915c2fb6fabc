// The office's registrant list tells each waiting member's place in line: numbered over the whole
// waitlist of that seminar (whatever page, tab or search shows the row), in the order the member's
// own view tells it, ties in arrival broken by the registration's id.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { listRegistrants } from "~/features/seminars/registrants.server";
import { findMyRegistration } from "~/features/seminars/registrations.server";
import { createSeminar } from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { now } from "~/lib/clock.server";
import { parse } from "~/lib/errors.server";
import { seminarRegistrations } from "~db/schema";
import { insertActor } from "../support/people";

let admin: SessionActor;
beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
});

async function seminarOfOneSeat(title: string) {
  return createSeminar(
    admin,
    parse(seminarSchema, {
      title,
      description: "정원 1명",
      speaker: "김강사",
      date: new Date(now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      location: "대구 엑스코",
      capacity: 1,
    }),
  );
}

/** A registration of a new member, queued `second` seconds into the day. */
async function registrant(
  seminarId: string,
  status: "confirmed" | "waitlisted" | "cancelled",
  second: number,
  name: string,
) {
  const person = await insertActor({ name });
  const db = await getDb();
  const [row] = await db
    .insert(seminarRegistrations)
    .values({
      seminarId,
      userId: person.user.id,
      name,
      email: person.user.email,
      phone: "010-2345-6789",
      status,
      queuedAt: new Date(Date.UTC(2026, 10, 28, 1, 0, second)),
      confirmedAt: status === "confirmed" ? now() : null,
      cancelledAt: status === "cancelled" ? now() : null,
    })
    .returning();
  return row!;
}

describe("the waitlist's places in the office's list", () => {
  it("numbers the whole waitlist, on every page, tab and search, as each member is told", async () => {
    const seminar = await seminarOfOneSeat("인기 연수강좌");
    const other = await seminarOfOneSeat("다른 연수강좌");
    await registrant(seminar.id, "confirmed", 0, "좌석회원");
    const first = await registrant(seminar.id, "waitlisted", 1, "대기일번");
    await registrant(seminar.id, "cancelled", 2, "취소회원");
    // Another seminar's waitlist, earlier in the day, is not ahead of anyone here.
    await registrant(other.id, "waitlisted", 0, "다른대기");
    const second = await registrant(seminar.id, "waitlisted", 3, "대기이번");
    // Two in the same instant: the lower id stands ahead.
    const tied = [
      await registrant(seminar.id, "waitlisted", 4, "대기동시"),
      await registrant(seminar.id, "waitlisted", 4, "대기동시"),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const last = await registrant(seminar.id, "waitlisted", 5, "대기막번");
    const line = [first, second, ...tied, last];

    const all = await listRegistrants(seminar.id, { pageSize: 50 });
    expect(all.total).toBe(7);
    expect(all.items.map((row) => [row.name, row.waitlistPosition])).toEqual([
      ["좌석회원", null],
      ["대기일번", 1],
      ["취소회원", null],
      ["대기이번", 2],
      ["대기동시", 3],
      ["대기동시", 4],
      ["대기막번", 5],
    ]);
    expect(all.items.filter((row) => row.status === "waitlisted").map((row) => row.id)).toEqual(
      line.map((row) => row.id),
    );

    // A later page of the waitlist's tab keeps the places of the whole line.
    const page2 = await listRegistrants(seminar.id, {
      status: "waitlisted",
      pageSize: 2,
      page: 2,
    });
    expect(page2.total).toBe(5);
    expect(page2.items.map((row) => [row.id, row.waitlistPosition])).toEqual([
      [tied[0]!.id, 3],
      [tied[1]!.id, 4],
    ]);

    // A search shows the member's place in the line, not in the search's results.
    const found = await listRegistrants(seminar.id, { q: "막번" });
    expect(found.items.map((row) => [row.name, row.waitlistPosition])).toEqual([["대기막번", 5]]);

    // The member's own view agrees with the office's, place for place.
    for (const [i, row] of line.entries()) {
      expect(await findMyRegistration(seminar.id, row.userId!)).toMatchObject({
        status: "waitlisted",
        waitlistPosition: i + 1,
      });
    }
    const others = await listRegistrants(other.id);
    expect(others.items.map((row) => row.waitlistPosition)).toEqual([1]);
  });
});
