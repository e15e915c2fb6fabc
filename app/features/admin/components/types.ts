import type { loadDashboard } from "../dashboard.server";

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
export type PendingMember = DashboardData["pendingMembers"][number];
export type ApplicationRow = DashboardData["applications"][number];
export type AnnouncementRow = DashboardData["announcements"][number];
export type SeminarRow = DashboardData["seminars"][number];
export type ExecutiveRow = DashboardData["executives"][number];
export type HistoryRow = DashboardData["history"][number];
