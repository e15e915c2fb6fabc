// Helpers for the administrator integration tests: the dashboard's form posts read back as data
// (React Router's single-fetch answer, as the page's fetchers receive it, or the hydration data of
// a document answer, as a browser without JavaScript receives it), pending sign-ups as fixtures,
// complete payloads for each admin write call, and row readers.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { failureTitle } from "~/features/admin/dashboard-intents";
import {
  announcements,
  executives,
  historyEvents,
  membershipApplications,
  seminars,
  users,
} from "~db/schema";
import { type ErrorBody, HANGUL } from "./accounts";
import { postForm, uniqueEmail } from "./http";
import type { TestServer } from "./test-server";

export { applyOverHttp } from "./http";

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Words of a validation library's default messages, in English or half-translated. */
export const ENGLISH_DEFAULTS =
  /\b(Required|Invalid|Expected|received|input|number|string|boolean|date|object|array|NaN)\b/i;

export type DashboardResult = {
  ok: boolean;
  intent: string;
  toast: { title: string; description?: string; variant?: string };
  errors?: Record<string, string>;
};

// React Router's single-fetch answers are a turbo-stream (v2): the first line is a JSON array in
// which every value is the index of another entry. A small reader for what the dashboard sends
// (objects, arrays, strings, numbers, booleans, null, undefined, dates); importing React Router's
// own decoder here would load a second copy of React Router into the server under test.
const SPECIAL: Record<number, unknown> = {
  [-1]: undefined,
  [-2]: Number.NaN,
  [-3]: Number.NEGATIVE_INFINITY,
  [-4]: -0,
  [-5]: null,
  [-6]: Number.POSITIVE_INFINITY,
  [-7]: undefined,
};

function decodeTurboStream(text: string): unknown {
  const values = JSON.parse(text.split("\n")[0]!) as unknown[];
  const hydrate = (index: number): unknown => {
    if (index < 0) return SPECIAL[index];
    const value = values[index];
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      if (typeof value[0] === "string") {
        if (value[0] === "D") return new Date(value[1] as number);
        return { $type: value[0], args: value.slice(1) };
      }
      return value.map((item) => hydrate(item as number));
    }
    return Object.fromEntries(
      Object.entries(value as Record<string, number>).map(([key, item]) => [
        hydrate(Number(key.slice(1))) as string,
        hydrate(item),
      ]),
    );
  };
  return hydrate(0);
}

/** The flash toast a redirect hands to the next page (lib/flash.server.ts), if any. */
export function flashToastOf(res: Response): DashboardResult["toast"] | undefined {
  const cookie = res.headers.get("set-cookie") ?? "";
  const match = cookie.match(/(?:^|[;,]\s*)flash_toast=([^;]+)/);
  return match?.[1] ? JSON.parse(decodeURIComponent(match[1])) : undefined;
}

type Refused = {
  intent: string | null;
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
};

/** A dashboard answer as the screen shows it: a success's toast, or a refusal's. */
function resultOf(
  intent: string,
  toast: DashboardResult["toast"] | undefined,
  refusal: Refused | undefined,
): DashboardResult {
  if (!refusal) return { ok: Boolean(toast), intent, toast: toast ?? { title: "" } };
  return {
    ok: false,
    intent: refusal.intent ?? intent,
    toast: { title: failureTitle(refusal.intent), description: refusal.message },
    errors: Object.fromEntries(
      Object.entries(refusal.fieldErrors).map(([name, messages]) => [name, messages[0]!]),
    ),
  };
}

/**
 * POSTs a dashboard form the way the page's fetchers do (form-encoded, to the route's `.data`
 * URL, no Origin header) and answers the status and what the screen shows: a success is a
 * redirect (its status) with the toast in the flash cookie, a refusal its status and data.
 */
export async function dashboardAction(
  server: TestServer,
  fields: Record<string, string>,
  cookie?: string | null,
): Promise<{ status: number; result: DashboardResult }> {
  const res = await postForm(server, "/admin/dashboard.data", fields, { cookie });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`dashboard action answered ${res.status}: ${text}`);
  const decoded = decodeTurboStream(text) as {
    data?: { refusal?: Refused };
    redirect?: string;
    status?: number;
  };
  if (decoded && typeof decoded === "object" && typeof decoded.redirect === "string") {
    const result = resultOf(fields.intent ?? "", flashToastOf(res), undefined);
    return { status: decoded.status ?? 302, result };
  }
  if (!decoded || typeof decoded !== "object" || !decoded.data?.refusal) {
    throw new Error(`dashboard action answered ${res.status} without data: ${text}`);
  }
  return {
    status: res.status,
    result: resultOf(fields.intent ?? "", undefined, decoded.data.refusal),
  };
}

export type HydrationData = {
  loaderData?: Record<string, unknown>;
  actionData?: Record<string, unknown> | null;
  errors?: unknown;
};

/** The router state a server-rendered page hands to the browser (its inline stream scripts). */
export function hydrationData(html: string): HydrationData {
  const chunks = Array.from(
    html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g),
    ([, literal]) => JSON.parse(literal!) as string,
  );
  if (chunks.length === 0) throw new Error("no hydration data in the page");
  return decodeTurboStream(chunks.join("")) as HydrationData;
}

/**
 * POSTs a dashboard form as a browser without JavaScript does: to the page itself. A success is
 * a redirect (not followed) with its toast; a refusal is the page, with the refusal in its data.
 */
export async function dashboardDocumentPost(
  server: TestServer,
  fields: Record<string, string>,
  cookie?: string | null,
  /** The page's query string (`?tab=…&q=…`), as a form on that page posts to it. */
  search = "",
) {
  const res = await server.fetch(`/admin/dashboard${search}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const html = await res.text();
  const location = res.headers.get("location");
  if (location) {
    return {
      status: res.status,
      html,
      location,
      result: resultOf(fields.intent ?? "", flashToastOf(res), undefined),
    };
  }
  const data = hydrationData(html);
  const answer = data.actionData?.["routes/admin-dashboard"] as { refusal?: Refused } | undefined;
  const result = answer?.refusal
    ? resultOf(fields.intent ?? "", undefined, answer.refusal)
    : undefined;
  return { status: res.status, html, location, result };
}

/** Asserts a dashboard success: a redirect back to the page, the toast title. */
export function expectSuccess(answer: { status: number; result: DashboardResult }, title: string) {
  expect(answer.result, JSON.stringify(answer.result)).toMatchObject({
    ok: true,
    toast: { title },
  });
  expect(answer.status).toBe(302);
}

/** Asserts a dashboard failure: its status, ok false, a '… 실패' title, a Korean description. */
export function expectFailure(
  answer: { status: number; result: DashboardResult },
  status: number,
  title?: string,
) {
  expect(answer.status, JSON.stringify(answer.result)).toBe(status);
  expect(answer.result.ok).toBe(false);
  expect(answer.result.toast.title).toMatch(/실패$/);
  if (title) expect(answer.result.toast.title).toBe(title);
  expect(answer.result.toast.description ?? "").toMatch(HANGUL);
  expect(answer.result.toast.description).not.toMatch(ENGLISH_DEFAULTS);
}

/** A 4xx JSON error answer with Korean messages; answers the body. */
export async function expectError(res: Response, status: number): Promise<ErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  const messages = [body.message, ...Object.values(body.errors ?? {})];
  for (const message of messages) {
    expect(message, `message "${message}"`).toMatch(HANGUL);
    expect(message).not.toMatch(ENGLISH_DEFAULTS);
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

let pendingCounter = 0;

/**
 * Fixture (database shortcut): a doctor who signed up and waits for approval. Its password hash
 * is not a real one: the account is only looked at, never logged in.
 */
export async function insertPendingUser(
  server: TestServer,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  pendingCounter += 1;
  const [row] = await server.db
    .insert(users)
    .values({
      email: uniqueEmail("pending"),
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$not-a-real-hash",
      name: `대기의사${pendingCounter}`,
      phone: `010-5555-${String(1000 + pendingCounter)}`,
      licenseNumber: `P-${crypto.randomInt(100000, 999999)}`,
      hospitalName: "대기내과의원",
      department: "내과",
      address: "대구광역시 중구 국채보상로 1",
      licenseImageUrl: `/objects/${crypto.randomUUID()}`,
      ...overrides,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Payloads

export function announcementInput(overrides: Record<string, unknown> = {}) {
  return {
    title: "관리자 테스트 공지",
    content: "<p>관리자가 작성한 <strong>본문</strong>입니다.</p>",
    category: "공지",
    imageUrl: "",
    linkUrl: "",
    ...overrides,
  };
}

export function seminarInput(overrides: Record<string, unknown> = {}) {
  return {
    title: "AI 마케팅 세미나",
    description: "개원의를 위한 AI 마케팅 실전 세미나입니다.",
    speaker: "홍길동 원장",
    date: "2027-03-15T10:00:00.000Z",
    location: "대구 수성구 학회 세미나실",
    registrationUrl: "https://example.com/register",
    status: "open",
    ...overrides,
  };
}

export function executiveInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "이임원",
    position: "이사",
    title: "수성내과의원 원장",
    credentials: "대한내과학회 정회원",
    imageUrl: "",
    order: 5,
    ...overrides,
  };
}

export function historyInput(overrides: Record<string, unknown> = {}) {
  return {
    year: 2024,
    month: 5,
    title: "학회 창립",
    description: "대구에서 학회를 창립했습니다.",
    ...overrides,
  };
}

/** A payload as form fields (every value a string), for the dashboard's forms. */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value == null ? "" : String(value)]),
  );
}

/** Fixture (database shortcut): a seminar row; `date` defaults to a week from now. */
export async function insertSeminar(
  server: TestServer,
  values: Partial<typeof seminars.$inferInsert> = {},
) {
  const [row] = await server.db
    .insert(seminars)
    .values({
      title: "픽스처 세미나",
      description: "픽스처로 넣은 세미나입니다.",
      speaker: "픽스처 연자",
      location: "대구",
      date: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      registrationUrl: "https://example.com/fixture",
      status: "open",
      ...values,
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Rows

export async function seminarRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(seminars).where(eq(seminars.id, id));
  return row;
}

export async function executiveRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(executives).where(eq(executives.id, id));
  return row;
}

export async function historyRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(historyEvents).where(eq(historyEvents.id, id));
  return row;
}

export async function applicationRow(server: TestServer, id: string) {
  const [row] = await server.db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, id));
  return row;
}

export async function announcementsTitled(server: TestServer, title: string) {
  return server.db.select().from(announcements).where(eq(announcements.title, title));
}

export async function seminarsTitled(server: TestServer, title: string) {
  return server.db.select().from(seminars).where(eq(seminars.title, title));
}

export async function executivesNamed(server: TestServer, name: string) {
  return server.db.select().from(executives).where(eq(executives.name, name));
}

export async function historyTitled(server: TestServer, title: string) {
  return server.db.select().from(historyEvents).where(eq(historyEvents.title, title));
}
