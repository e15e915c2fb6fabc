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
import { signupRejectionSchema } from "~/features/members/validation";
import {
  countApplications,
  countApplicationsByStatus,
  decideApplication,
  findApplication,
  listApplications,
} from "~/features/membership/applications.server";
import { decisionSchema } from "~/features/membership/validation";
import {
  countSeminars,
  createSeminar,
  deleteSeminar,
  listSeminars,
  updateSeminar,
} from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { AppError, parse } from "~/lib/errors.server";
import { formFieldsOf, mergeFormFields } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import { loadPage, searchText } from "~/lib/list-page.server";
import { pageFromUrl } from "~/lib/paging";
import type { AuditContext } from "../audit/audit.server";

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
    formFieldsOf(executiveSchema),
    formFieldsOf(historySchema),
    formFieldsOf(decisionSchema.options[1]),
    formFieldsOf(signupRejectionSchema),
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
    pageOf("seminars", (options) => listSeminars({ order: "desc", ...options }), countSeminars),
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
    applications,
    announcements,
    seminars,
    executives,
    history,
    editing,
  };
}

export type DashboardToast = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
export type DashboardResult = {
  ok: boolean;
  intent: string;
  toast: DashboardToast;
  errors?: Record<string, string>;
};

const fields = (form: FormData) => Object.fromEntries(form) as Record<string, string>;

type Handler = {
  run: (form: FormData, context: AuditContext) => Promise<DashboardToast>;
  failure: string;
};

const withId = (form: FormData) => String(form.get("id") ?? "");

const HANDLERS: Record<string, Handler> = {
  "approve-member": {
    failure: "승인 실패",
    run: async (form, context) => {
      await approveMember(withId(form), context);
      return { title: "승인 완료", description: "준회원 가입을 승인했습니다." };
    },
  },
  "reject-member": {
    failure: "거부 실패",
    run: async (form, context) => {
      // The reason is optional; when given, the rejection mail quotes it.
      const { reason } = parse(signupRejectionSchema, {
        reason: String(form.get("reason") ?? "") || undefined,
      });
      await rejectMember(withId(form), context, reason);
      return { title: "거부 완료", description: "준회원 가입을 거부했습니다." };
    },
  },
  "approve-application": {
    failure: "승인 실패",
    run: async (form, context) => {
      const application = await decideApplication(withId(form), { status: "approved" }, context);
      return {
        title: "승인 완료",
        description: `${application.name}님을 정회원으로 승인했습니다.`,
      };
    },
  },
  "reject-application": {
    failure: "거부 실패",
    run: async (form, context) => {
      // The same rule as PATCH /api/membership-applications/{id}: required, at most 1,000 characters.
      const decision = parse(decisionSchema, {
        status: "rejected",
        rejectionReason: form.get("rejectionReason") ?? undefined,
      });
      const application = await decideApplication(withId(form), decision, context);
      return { title: "거부 완료", description: `${application.name}님의 신청을 거부했습니다.` };
    },
  },
  "save-announcement": {
    failure: "공지사항 저장 실패",
    run: async (form, context) => {
      // An unticked checkbox sends nothing: the form always says whether it is pinned.
      const input = parse(announcementSchema, { ...fields(form), pinned: form.has("pinned") });
      const id = withId(form);
      if (id) {
        await updateAnnouncement(id, input, context);
        return { title: "공지사항 수정 완료" };
      }
      await createAnnouncement(input, context);
      return { title: "공지사항 등록 완료" };
    },
  },
  "delete-announcement": {
    failure: "공지사항 삭제 실패",
    run: async (form, context) => {
      await deleteAnnouncement(withId(form), context);
      return { title: "공지사항 삭제 완료" };
    },
  },
  "save-seminar": {
    failure: "학술 활동 저장 실패",
    run: async (form, context) => {
      const input = parse(seminarSchema, fields(form));
      const id = withId(form);
      if (id) {
        await updateSeminar(id, input, context);
        return { title: "학술 활동 수정 완료" };
      }
      await createSeminar(input, context);
      return { title: "학술 활동 등록 완료" };
    },
  },
  "delete-seminar": {
    failure: "학술 활동 삭제 실패",
    run: async (form, context) => {
      await deleteSeminar(withId(form), context);
      return { title: "학술 활동 삭제 완료" };
    },
  },
  "save-executive": {
    failure: "임원 정보 저장 실패",
    run: async (form, context) => {
      const input = parse(executiveSchema, fields(form));
      const id = withId(form);
      if (id) {
        await updateExecutive(id, input, context);
        return { title: "임원 정보 수정 완료" };
      }
      await createExecutive(input, context);
      return { title: "임원 정보 등록 완료" };
    },
  },
  "delete-executive": {
    failure: "임원 정보 삭제 실패",
    run: async (form, context) => {
      await deleteExecutive(withId(form), context);
      return { title: "임원 정보 삭제 완료" };
    },
  },
  "move-executive": {
    failure: "순서 변경 실패",
    run: async (form, context) => {
      await moveExecutive(withId(form), form.get("direction") === "up" ? "up" : "down", context);
      return { title: "순서 변경 완료" };
    },
  },
  "save-history": {
    failure: "연혁 저장 실패",
    run: async (form, context) => {
      const input = parse(historySchema, fields(form));
      const id = withId(form);
      if (id) {
        await updateHistoryEvent(id, input, context);
        return { title: "연혁 수정 완료" };
      }
      await createHistoryEvent(input, context);
      return { title: "연혁 등록 완료" };
    },
  },
  "delete-history": {
    failure: "연혁 삭제 실패",
    run: async (form, context) => {
      await deleteHistoryEvent(withId(form), context);
      return { title: "연혁 삭제 완료" };
    },
  },
};

/** Runs one dashboard action; AppErrors become a failure toast and field errors. */
export async function runDashboardAction(
  form: FormData,
  context: AuditContext,
): Promise<{ status: number; result: DashboardResult }> {
  const intent = String(form.get("intent") ?? "");
  const handler = HANDLERS[intent];
  if (!handler) {
    return {
      status: 400,
      result: {
        ok: false,
        intent,
        toast: {
          title: "요청 실패",
          description: "알 수 없는 작업입니다.",
          variant: "destructive",
        },
      },
    };
  }
  try {
    return { status: 200, result: { ok: true, intent, toast: await handler.run(form, context) } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: error.status,
      result: {
        ok: false,
        intent,
        toast: { title: handler.failure, description: error.message, variant: "destructive" },
        errors: error.errors,
      },
    };
  }
}

export { findApplication };
