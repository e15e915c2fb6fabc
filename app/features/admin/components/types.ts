import type { loadDashboard } from "../dashboard.server";

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
/** One page of a paged tab's list (only the active tab's is loaded). */
type PageOf<K extends "members" | "applications" | "announcements" | "seminars"> = NonNullable<
  DashboardData[K]
>;
export type PendingMember = PageOf<"members">["items"][number];
export type ApplicationRow = PageOf<"applications">["items"][number];
export type AnnouncementRow = PageOf<"announcements">["items"][number];
export type SeminarRow = PageOf<"seminars">["items"][number];
export type ExecutiveRow = NonNullable<DashboardData["executives"]>[number];
export type HistoryRow = NonNullable<DashboardData["history"]>[number];
/** What a paged tab gets: its page of rows, the list's total and the search it shows. */
export type TabPage<T> = { items: T[]; total: number; page: number; pageSize: number; q: string };
