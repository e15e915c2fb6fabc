import { ChevronLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { AdminNotFound } from "~/features/admin/components/not-found-boundary";
import { formatDay, won } from "~/features/dues/format";
import {
  confirmImport,
  findDepositors,
  importPreview,
  type MatchStatus,
} from "~/features/dues/import.server";
import { pickField } from "~/features/dues/validation";
import { AppError, asPage, orNotFound } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { done, pageAction, shown } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-dues-import";

export const meta: Route.MetaFunction = () => [
  { title: "거래내역 확인 | 회비 관리" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  return orNotFound(importPreview(actor, args.params.id));
}

type Search = { row: number; find: string; members: Awaited<ReturnType<typeof findDepositors>> };

// One form for the whole statement: `m{index}` carries the member chosen for that deposit (checked
// or selected), and only those rows are recorded (`confirm`). A deposit that matched nobody has a
// search box (`term{index}`); 회원 찾기 (`findRow`, the form's first button, so Enter searches)
// answers the page with every search asked so far and the picks as they were, so nothing the
// office chose on the page is lost to a search.
const noFields = z.object({});
type Found = { searches: Search[]; picks: Record<string, string> };

export const action = pageAction<
  { actor: SessionActor; preview: Awaited<ReturnType<typeof importPreview>> },
  { confirm: typeof noFields; find: typeof noFields },
  Found
>({
  guard: async (args) => {
    const actor = await requireActor(args, "admin");
    return { actor, preview: await asPage(importPreview(actor, args.params.id ?? "")) };
  },
  extra: ({ preview }) => ({
    findRow: { maxLength: 10 },
    ...Object.fromEntries(
      preview.rows.flatMap((row) => [
        [pickField(row.index), { maxLength: 40 }],
        [`term${row.index}`, { maxLength: 50 }],
        [`shown${row.index}`, { maxLength: 1 }],
      ]),
    ),
  }),
  maxBytes: ({ preview }) => Math.max(64 * 1024, preview.rows.length * 256),
  defaultIntent: "find",
  intents: {
    confirm: {
      schema: noFields,
      run: async (_, { actor, preview }, { params, form }) => {
        const picks = preview.rows.flatMap((row) => {
          const value = form.get(pickField(row.index));
          return typeof value === "string" && isUuid(value)
            ? [{ index: row.index, userId: value }]
            : [];
        });
        if (picks.length === 0) {
          throw new AppError("invalid", "기록할 거래를 하나 이상 선택해주세요.");
        }
        const { recorded, skipped } = await confirmImport(actor, params.id!, picks);
        return done(
          {
            title: "거래내역 기록 완료",
            description: `${recorded}건을 납부로 기록했습니다.${skipped ? ` 이미 기록된 ${skipped}건은 건너뛰었습니다.` : ""}`,
          },
          `/admin/dues?year=${preview.year}`,
        );
      },
    },
    find: {
      schema: noFields,
      run: async (_, { actor, preview }, { form }) => {
        const asked = String(form.get("findRow") ?? "");
        const text = (name: string) =>
          String(form.get(name) ?? "")
            .trim()
            .slice(0, 50);
        const searches = await Promise.all(
          preview.rows
            .filter((row) => row.status === "unmatched")
            // The row whose button was pressed, every row already showing its results, and (for
            // Enter, which names no row) every row whose search box was changed.
            .filter(
              (row) =>
                asked === String(row.index) ||
                form.get(`shown${row.index}`) === "1" ||
                text(`term${row.index}`) !== row.depositor,
            )
            .map(async (row): Promise<Search | null> => {
              const find = text(`term${row.index}`);
              return find
                ? { row: row.index, find, members: await findDepositors(actor, find) }
                : null;
            }),
        );
        const picks = Object.fromEntries(
          preview.rows.map((row) => [row.index, text(pickField(row.index))]),
        );
        return shown({ searches: searches.filter((search) => search !== null), picks });
      },
    },
  },
});

const STATUS: Record<MatchStatus, { label: string; tone: BadgeTone }> = {
  match: { label: "일치", tone: "green" },
  recorded: { label: "이미 기록됨", tone: "neutral" },
  check_amount: { label: "금액 확인 필요", tone: "yellow" },
  already_paid: { label: "이미 납부한 회원", tone: "yellow" },
  ambiguous: { label: "동명이인·확인 필요", tone: "yellow" },
  unmatched: { label: "일치하는 회원 없음", tone: "red" },
};

export default function AdminDuesImport({ loaderData, actionData }: Route.ComponentProps) {
  const { year, fileName, rows, counts } = loaderData;
  const refusal = useRefusal();
  // After a search: the picks as they were sent, and each row's search.
  const found = actionData && "shown" in actionData ? actionData.shown : null;
  const pickOf = (index: number, proposed: string | null) =>
    found ? (found.picks[index] ?? "") : (proposed ?? "");
  return (
    <Section className="max-w-4xl">
      <Link
        to={`/admin/dues?year=${year}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> 회비 관리
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {year}년 회비 거래내역 확인
      </h1>
      <p className="mt-1 break-all text-slate-600">
        {fileName} · 입금 {rows.length}건 (일치 {counts.match}, 확인 필요 {counts.review}, 회원 없음{" "}
        {counts.unmatched}, 이미 기록 {counts.recorded})
      </p>
      <p className="mt-2 text-sm text-slate-600">
        체크하거나 회원을 고른 거래만 납부로 기록됩니다. 입금자명이 회원 이름(또는 안내한
        입금자명)과 같고 금액이 회비와 같으면 미리 체크해 두었습니다.
      </p>
      <Form method="post" className="mt-5">
        {/* The first button of the form is the one Enter presses: a search, never a record. */}
        {rows.some((row) => row.status === "unmatched") ? (
          <button type="submit" name="findRow" value="" hidden tabIndex={-1} aria-hidden="true" />
        ) : null}
        <ul className="grid gap-3">
          {rows.map((row) => {
            const field = pickField(row.index);
            const status = STATUS[row.status];
            const choosable = row.status !== "recorded" && row.candidates.length > 0;
            return (
              <li key={row.index}>
                <Card className="grid gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">
                      {row.depositor || "(이름 없음)"}
                    </span>
                    <span className="text-slate-800">{won(row.amount)}</span>
                    <span className="text-sm text-slate-600">{formatDay(row.paidAt)}</span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </div>
                  {choosable && row.candidates.length === 1 ? (
                    <label className="flex items-start gap-2 text-base text-slate-800">
                      <input
                        type="checkbox"
                        name={field}
                        value={row.candidates[0]!.id}
                        defaultChecked={pickOf(row.index, row.proposed) === row.candidates[0]!.id}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span>
                        <span className="font-semibold">{row.candidates[0]!.name}</span>님의 납부로
                        기록
                        <span className="block break-all text-sm text-slate-600">
                          {row.candidates[0]!.email}
                          {row.candidates[0]!.hospitalName
                            ? ` · ${row.candidates[0]!.hospitalName}`
                            : ""}
                        </span>
                      </span>
                    </label>
                  ) : null}
                  {choosable && row.candidates.length > 1 ? (
                    <div className="grid gap-1">
                      <label
                        htmlFor={`pick-${row.index}`}
                        className="text-sm font-semibold text-slate-800"
                      >
                        누구의 입금인가요?
                      </label>
                      <select
                        id={`pick-${row.index}`}
                        name={field}
                        defaultValue={pickOf(row.index, null)}
                        className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
                      >
                        <option value="">기록하지 않음</option>
                        {row.candidates.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name} · {c.email}
                            {c.hospitalName ? ` · ${c.hospitalName}` : ""}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {row.status === "unmatched" ? (
                    <DepositorPicker
                      row={row.index}
                      field={field}
                      depositor={row.depositor}
                      search={found?.searches.find((search) => search.row === row.index) ?? null}
                      picked={pickOf(row.index, null)}
                    />
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
        <div className="mt-5 grid gap-3">
          <FormError message={refusal?.message} />
          <Button type="submit" size="lg" name="intent" value="confirm">
            선택한 거래를 납부로 기록
          </Button>
        </div>
      </Form>
    </Section>
  );
}

/**
 * A deposit that matched nobody: search the members by name, phone or depositor name and pick
 * one; the pick is recorded with the other confirmed rows.
 */
function DepositorPicker({
  row,
  field,
  depositor,
  search,
  picked,
}: {
  row: number;
  field: string;
  depositor: string;
  search: Search | null;
  /** The member chosen before the last search, kept checked. */
  picked: string;
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-600">
        입금자명과 같은 이름의 회원이 없습니다. 이름, 휴대전화 번호, 입금자명으로 찾아 고르세요.
      </p>
      <div className="flex gap-2">
        <label htmlFor={`find-input-${row}`} className="sr-only">
          {depositor || "입금"} 회원 찾기
        </label>
        <input
          id={`find-input-${row}`}
          name={`term${row}`}
          type="search"
          defaultValue={search?.find ?? depositor}
          maxLength={50}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base"
        />
        <Button type="submit" variant="secondary" name="findRow" value={String(row)}>
          회원 찾기
        </Button>
      </div>
      {search ? (
        <>
          <input type="hidden" name={`shown${row}`} value="1" />
          {search.members.length === 0 ? (
            <p className="text-sm text-rose-700">‘{search.find}’에 맞는 회원이 없습니다.</p>
          ) : (
            <fieldset className="grid gap-1">
              <legend className="text-sm font-semibold text-slate-800">누구의 입금인가요?</legend>
              <label className="flex min-h-11 items-center gap-2 text-base">
                <input
                  type="radio"
                  name={field}
                  value=""
                  defaultChecked={!search.members.some((m) => m.id === picked)}
                  className="size-4"
                />
                기록하지 않음
              </label>
              {search.members.map((m) => (
                <label key={m.id} className="flex min-h-11 items-center gap-2 text-base">
                  <input
                    type="radio"
                    name={field}
                    value={m.id}
                    defaultChecked={m.id === picked}
                    className="size-4"
                  />
                  <span>
                    <span className="font-semibold">{m.name}</span>
                    <span className="text-sm text-slate-600">
                      {` · 휴대전화 끝 ${m.phoneTail} · ${m.email}${m.hospitalName ? ` · ${m.hospitalName}` : ""}${m.suspended ? " · 이용 정지" : ""}`}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminNotFound
      what="거래내역을 찾을 수 없습니다."
      back={{ to: "/admin/dues", label: "회비 관리로" }}
    />
  );
}
