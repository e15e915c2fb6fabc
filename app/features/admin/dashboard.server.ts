// The administrator dashboard's data and its actions. Every action names an intent; each calls
// the same service as the matching /api call and answers a toast for the screen.
import {
  approveMember,
  countPendingMembers,
  listPendingMembers,
  rejectMember,
} from "~/features/accounts/accounts.server";
import {
  countAnnouncements,
  createAnnouncement,
  deleteAnnouncement,
  findAnnouncementForEditing,
  listAnnouncementsForAdmin,
  updateAnnouncement,
} from "~/features/announcements/announcements.server";
import { ANNOUNCEMENT_FORM_LIMIT, announcementSchema } from "~/features/announcements/validation";
import { currentDuesYear, yearDuesOf } from "~/features/dues/dues.server";
import {
  createExecutive,
  deleteExecutive,
  listExecutives,
  moveExecutive,
  updateExecutive,
} from "~/features/executives/executives.server";
import { executiveSchema } from "~/features/executives/validation";
import {
  createHistoryEvent,
  deleteHistoryEvent,
  listHistory,
  updateHistoryEvent,
} from "~/features/history/history.server";
import { historySchema } from "~/features/history/validation";
import { signupRejectionRequiredSchema } from "~/features/members/validation";
import {
  countApplications,
  countApplicationsByStatus,
  decideApplication,
  listApplications,
} from "~/features/membership/applications.server";
import { decisionSchema } from "~/features/membership/validation";
import { bandsToText, parseBandRows } from "~/features/seminars/credit-rule";
import {
  countSeminars,
  createSeminar,
  deleteSeminar,
  listSeminars,
  updateSeminar,
  withPhase,
} from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { AppError, parse } from "~/lib/errors.server";
import { formFieldsOf, mergeFormFields } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import { loadPage, searchText } from "~/lib/list-page.server";
import { pageFromUrl } from "~/lib/paging";
import type { Actor } from "../audit/actor.server";

/**
 * Every field the dashboard's forms post, at its longest: the form reader refuses anything else.
 * Announcement bodies are long rich text, so this form reads up to ANNOUNCEMENT_FORM_LIMIT.
 */
export const DASHBOARD_FORM = {
  fields: mergeFormFields(
    formFieldsOf(announcementSchema),
    // The credit rule's textareas hold several lines each.
    formFieldsOf(seminarSchema, {
      creditBands: { maxLength: 1000 },
      creditBreaks: { maxLength: 2000 },
    }),
    // The band table's rows (seminars-tab.tsx): repeated inputs, read by seminarBandRows.
    {
      bandRows: { maxLength: 1 },
      bandFrom: { maxLength: 10, multiple: true },
      bandTo: { maxLength: 10, multiple: true },
      bandCredits: { maxLength: 10, multiple: true },
    },
    formFieldsOf(executiveSchema),
    formFieldsOf(historySchema),
    formFieldsOf(decisionSchema.options[1]),
    formFieldsOf(signupRejectionRequiredSchema),
    {
      intent: { maxLength: 50 },
      id: { maxLength: 100 },
      direction: { maxLength: 10 },
    },
  ),
  options: { maxBytes: ANNOUNCEMENT_FORM_LIMIT },
};

/** The six tabs of SPEC.md, in order; `?tab=` names one, the first is the default. */
export const DASHBOARD_TABS = [
  "members",
  "applications",
  "announcements",
  "seminars",
  "executives",
  "history",
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Rows on each page of the paged tabs. */
export const DASHBOARD_PAGE_SIZE = 20;

/**
 * What the dashboard's URL asks for: `?tab=` (default `members`), and for the paged tabs `?q=`
 * (the search) and `?page=`. The keys are shared by the tabs: switching tabs starts over with
 * only `?tab=`, so a search never follows the administrator into another tab. `?edit=<id>` on
 * the announcements tab adds that announcement in full, for the edit form (the table's rows
 * carry no bodies).
 */
export function dashboardQuery(searchParams: URLSearchParams) {
  const requested = searchParams.get("tab");
  const tab = DASHBOARD_TABS.find((t) => t === requested) ?? "members";
  const edit = searchParams.get("edit") ?? "";
  return {
    tab,
    q: searchText(searchParams.get("q")),
    page: pageFromUrl(searchParams),
    edit: tab === "announcements" && isUuid(edit) ? edit : undefined,
  };
}

/**
 * The dashboard's data: the badges' counts (COUNT queries) and the active tab's list, one page
 * of it for the four tabs that grow with the society; the other tabs' lists are not loaded. A
 * page past the last one shows the last one (the list may have shrunk under the administrator).
 */
export async function loadDashboard(searchParams: URLSearchParams) {
  const { tab, q, page, edit } = dashboardQuery(searchParams);
  /** One page of the active tab's list, searched; null for the other tabs. */
  const pageOf = <T>(
    name: DashboardTab,
    rows: (options: { q: string; limit: number; offset: number }) => Promise<T[]>,
    count: (options: { q: string }) => Promise<number>,
  ) =>
    tab === name
      ? loadPage(
          { page, pageSize: DASHBOARD_PAGE_SIZE },
          { rows: (window) => rows({ q, ...window }), count: () => count({ q }) },
          { clamp: true },
        )
      : null;
  const [
    pendingMembers,
    applicationCounts,
    members,
    applications,
    announcements,
    seminars,
    executives,
    history,
    editing,
  ] = await Promise.all([
    countPendingMembers(),
    countApplicationsByStatus(),
    pageOf("members", listPendingMembers, countPendingMembers),
    pageOf("applications", listApplications, countApplications),
    pageOf("announcements", listAnnouncementsForAdmin, countAnnouncements),
    // Latest first, as the table shows them.
    // Each with its phase now, so the table says 진행 중 while one is under way.
    pageOf(
      "seminars",
      async (options) => withPhase(await listSeminars({ order: "desc", ...options })),
      countSeminars,
    ),
    // Executives and the history timeline stay whole: a society has a few dozen of each, and
    // their tables search and page them in the browser.
    tab === "executives" ? listExecutives() : null,
    tab === "history" ? listHistory() : null,
    edit ? findAnnouncementForEditing(edit) : null,
  ]);
  return {
    tab,
    q,
    badges: { members: pendingMembers, applications: applicationCounts.pending },
    applicationCounts,
    members,
    applications: applications && (await withDues(applications)),
    announcements,
    seminars,
    executives,
    history,
    editing,
  };
}

/** Each applicant's dues of this year beside their application: paid or not, and how much. */
async function withDues<T extends { userId: string }, L extends { items: T[] }>(
  list: L & { items: T[] },
) {
  const dues = await yearDuesOf(
    list.items.map((application) => application.userId),
    currentDuesYear(),
  );
  return {
    ...list,
    items: list.items.map((application) => ({
      ...application,
      dues: dues.get(application.userId) ?? null,
    })),
  };
}

/** What a dashboard form sent: each field as a string, absent when the form did not send it. */
export type DashboardInput = Record<string, string | undefined>;

type DashboardToast = { title: string; description?: string };

const withId = (input: DashboardInput) => input.id ?? "";

/**
 * Each intent's work: the same service as the matching /api call, with the schemas the calls
 * use, in the order they have always checked (the row before the reason). Its toast on success.
 */
export const DASHBOARD_INTENTS: Record<
  string,
  (input: DashboardInput, actor: Actor) => Promise<DashboardToast>
> = {
  "approve-member": async (input, actor) => {
    await approveMember(actor, withId(input));
    return { title: "승인 완료", description: "준회원 가입을 승인했습니다." };
  },
  "reject-member": async (input, actor) => {
    // The reason is required here: the doctor reads it on the status page, mail and text.
    const { reason } = parse(signupRejectionRequiredSchema, { reason: input.reason });
    await rejectMember(actor, withId(input), reason);
    return { title: "거부 완료", description: "준회원 가입을 거부했습니다." };
  },
  "approve-application": async (input, actor) => {
    const application = await decideApplication(actor, withId(input), { status: "approved" });
    return { title: "승인 완료", description: `${application.name}님을 정회원으로 승인했습니다.` };
  },
  "reject-application": async (input, actor) => {
    // The same rule as PATCH /api/membership-applications/{id}: required, at most 1,000 characters.
    const decision = parse(decisionSchema, {
      status: "rejected",
      rejectionReason: input.rejectionReason,
    });
    const application = await decideApplication(actor, withId(input), decision);
    return { title: "거부 완료", description: `${application.name}님의 신청을 거부했습니다.` };
  },
  "save-announcement": async (input, actor) => {
    // An unticked checkbox sends nothing: the form always says whether it is pinned.
    const announcement = parse(announcementSchema, {
      ...input,
      pinned: input.pinned !== undefined,
    });
    const id = withId(input);
    if (id) {
      await updateAnnouncement(actor, id, announcement);
      return { title: "공지사항 수정 완료" };
    }
    await createAnnouncement(actor, announcement);
    return { title: "공지사항 등록 완료" };
  },
  "delete-announcement": async (input, actor) => {
    await deleteAnnouncement(actor, withId(input));
    return { title: "공지사항 삭제 완료" };
  },
  "save-seminar": async (input, actor) => {
    const seminar = parse(seminarSchema, input);
    const id = withId(input);
    if (id) {
      await updateSeminar(actor, id, seminar);
      return { title: "학술 활동 수정 완료" };
    }
    await createSeminar(actor, seminar);
    return { title: "학술 활동 등록 완료" };
  },
  "delete-seminar": async (input, actor) => {
    await deleteSeminar(actor, withId(input));
    return { title: "학술 활동 삭제 완료" };
  },
  "save-executive": async (input, actor) => {
    const executive = parse(executiveSchema, input);
    const id = withId(input);
    if (id) {
      await updateExecutive(actor, id, executive);
      return { title: "임원 정보 수정 완료" };
    }
    await createExecutive(actor, executive);
    return { title: "임원 정보 등록 완료" };
  },
  "delete-executive": async (input, actor) => {
    await deleteExecutive(actor, withId(input));
    return { title: "임원 정보 삭제 완료" };
  },
  "move-executive": async (input, actor) => {
    await moveExecutive(actor, withId(input), input.direction === "up" ? "up" : "down");
    return { title: "순서 변경 완료" };
  },
  "save-history": async (input, actor) => {
    const event = parse(historySchema, input);
    const id = withId(input);
    if (id) {
      await updateHistoryEvent(actor, id, event);
      return { title: "연혁 수정 완료" };
    }
    await createHistoryEvent(actor, event);
    return { title: "연혁 등록 완료" };
  },
  "delete-history": async (input, actor) => {
    await deleteHistoryEvent(actor, withId(input));
    return { title: "연혁 삭제 완료" };
  },
};

/**
 * The form of an intent as the page sent it: each field a string, absent when not sent. The
 * seminar form's band rows become the `creditBands` the seminar's schema reads.
 */
export function dashboardInput(form: FormData): DashboardInput {
  const input: DashboardInput = Object.fromEntries(
    [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : ""]),
  );
  if (form.get("bandRows") === "1") {
    for (const name of ["bandRows", "bandFrom", "bandTo", "bandCredits"]) delete input[name];
    input.creditBands = seminarBandRows(form);
  }
  return input;
}

/**
 * The band table as rows (from, to, credits: repeated inputs, so the form works without
 * JavaScript) in the seminar schema's line form; no row is the default (""). A row that cannot be
 * read is refused here with its number; order and overlap are the schema's to refuse.
 */
function seminarBandRows(form: FormData): string {
  const strings = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const [from, to, credits] = [strings("bandFrom"), strings("bandTo"), strings("bandCredits")];
  const rows = Array.from({ length: Math.max(from.length, to.length, credits.length) }, (_, i) => ({
    from: from[i] ?? "",
    to: to[i] ?? "",
    credits: credits[i] ?? "",
  }));
  const parsed = parseBandRows(rows);
  if ("problem" in parsed) {
    throw new AppError("invalid", parsed.problem, { creditBands: parsed.problem });
  }
  return bandsToText(parsed.bands);
}
