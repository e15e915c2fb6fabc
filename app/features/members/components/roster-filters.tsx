import { ChevronDown, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  MEMBER_TYPE_LABELS,
  MEMBER_TYPES,
  ROLE_LABELS,
  ROLES,
  ROSTER_SORT_LABELS,
  type RosterQuery,
} from "../validation";

const label = "text-sm font-semibold text-slate-800";

/** The query's filters behind the fold, counted on its summary (the search and sort are not). */
const ROSTER_FILTERS = [
  "status",
  "type",
  "role",
  "standing",
  "dues",
  "duesYear",
  "joinedFrom",
  "joinedTo",
] as const satisfies ReadonlyArray<keyof RosterQuery>;

function Select({
  name,
  title,
  value,
  options,
  any = "전체",
}: {
  name: string;
  title: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  any?: string | null;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={`roster-${name}`} className={label}>
        {title}
      </label>
      <select id={`roster-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        {any === null ? null : <option value="">{any}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The roster's search and filters as a GET form: every choice lands in the URL, so a filtered
 * list can be bookmarked and shared, and the back button works, with or without JavaScript.
 */
export function RosterFilters({ query }: { query: RosterQuery }) {
  const active = ROSTER_FILTERS.filter((key) => query[key] !== undefined).length;
  const entries = <T extends string>(list: readonly T[], labels: Record<T, string>) =>
    list.map((value) => [value, labels[value]] as const);
  return (
    <Form method="get" role="search" aria-label="회원 검색" className="grid gap-3">
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor="roster-q" className={label}>
          검색어
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id="roster-q"
              name="q"
              type="search"
              defaultValue={query.q ?? ""}
              maxLength={100}
              placeholder="이름, 이메일, 면허번호, 병원명·주소, 전화번호"
              className={`${inputClass} pl-9`}
            />
          </div>
          <Button type="submit">검색</Button>
        </div>
      </div>
      {/* Folded on a phone behind 필터 and how many are set (no JavaScript needed); from md up the
          browser shows the filters whether the fold is open or not. */}
      <details className="group rounded-lg border border-slate-200 md:border-0 md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 font-semibold text-slate-800 md:min-h-0 md:px-0 md:pb-1 md:text-sm [&::-webkit-details-marker]:hidden">
          <span>
            필터
            {active > 0 ? (
              <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
                {active}개 적용
              </span>
            ) : (
              <span className="ml-2 text-sm font-normal text-slate-500">적용 안 함</span>
            )}
          </span>
          <ChevronDown
            className="size-5 text-slate-500 transition-transform group-open:rotate-180 md:hidden"
            aria-hidden="true"
          />
        </summary>
        <div className="grid grid-cols-2 gap-3 p-3 pt-1 md:grid-cols-4 md:p-0">
          <Select
            name="status"
            title="상태"
            value={query.status}
            options={entries(MEMBER_STATUSES, MEMBER_STATUS_LABELS)}
          />
          <Select
            name="type"
            title="회원 구분"
            value={query.type}
            options={entries(MEMBER_TYPES, MEMBER_TYPE_LABELS)}
          />
          <Select
            name="role"
            title="권한"
            value={query.role}
            options={entries(ROLES, ROLE_LABELS)}
          />
          <Select
            name="standing"
            title="정회원 자격"
            value={query.standing}
            options={[
              ["full", "자격 유지"],
              // Not 정지: that word is the account's suspension; the member keeps 준회원's rights.
              ["lapsed", "회비 미납 (준회원으로 이용)"],
            ]}
          />
          {/* A pair: a row of its own on a phone, one column of four from md up. */}
          <div className="col-span-2 grid grid-cols-2 gap-3 md:col-span-1 md:gap-2">
            <Select
              name="dues"
              title="회비"
              value={query.dues}
              options={[
                ["paid", "납부"],
                ["unpaid", "미납"],
                ["exempt", "면제"],
              ]}
            />
            <div className="grid min-w-0 gap-1.5">
              <label htmlFor="roster-duesYear" className={label}>
                회비 연도
              </label>
              <input
                id="roster-duesYear"
                name="duesYear"
                inputMode="numeric"
                placeholder="올해"
                defaultValue={query.duesYear ?? ""}
                className={inputClass}
              />
            </div>
          </div>
          {/* A pair: a row of its own on a phone, one column of four from md up. */}
          <div className="col-span-2 grid grid-cols-2 gap-3 md:col-span-1 md:gap-2">
            <Select
              name="sort"
              title="정렬"
              value={query.sort}
              any={null}
              options={entries(["createdAt", "name", "lastLoginAt"] as const, ROSTER_SORT_LABELS)}
            />
            <Select
              name="order"
              title="순서"
              value={query.order}
              any="기본"
              options={[
                ["asc", "오름차순"],
                ["desc", "내림차순"],
              ]}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="roster-joinedFrom" className={label}>
              가입일 (부터)
            </label>
            <input
              id="roster-joinedFrom"
              name="joinedFrom"
              type="date"
              defaultValue={query.joinedFrom ?? ""}
              className={inputClass}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="roster-joinedTo" className={label}>
              가입일 (까지)
            </label>
            <input
              id="roster-joinedTo"
              name="joinedTo"
              type="date"
              defaultValue={query.joinedTo ?? ""}
              className={inputClass}
            />
          </div>
          <div className="col-span-2 flex items-end gap-2">
            <Button type="submit">필터 적용</Button>
            <Button asChild variant="secondary">
              <Link to="/admin/members">초기화</Link>
            </Button>
          </div>
        </div>
      </details>
    </Form>
  );
}
