import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import type { RosterMember } from "../roster.server";
import { MemberTypeBadge, StatusBadge } from "./standing-badges";

const cell = "block py-0.5 md:table-cell md:px-3 md:py-3";

/**
 * One page of the roster: a table on wide screens, each row a card on a phone (the same markup,
 * restyled, so a page of 50 members is sent once). Pending sign-ups carry a checkbox for the bulk
 * approval form (`form` names it, so the boxes work without JavaScript).
 */
export function RosterTable({ members, form }: { members: RosterMember[]; form: string }) {
  return (
    <table className="block w-full text-left text-sm md:table md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <caption className="sr-only">회원 목록</caption>
      <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
        <tr>
          <th scope="col" className="w-10 px-3 py-3">
            <span className="sr-only">선택</span>
          </th>
          <th scope="col" className="px-3 py-3 whitespace-nowrap">
            이름
          </th>
          <th scope="col" className="px-3 py-3">
            이메일 · 전화
          </th>
          <th scope="col" className="px-3 py-3">
            병원
          </th>
          <th scope="col" className="px-3 py-3 whitespace-nowrap">
            상태 · 구분
          </th>
          <th scope="col" className="px-3 py-3 whitespace-nowrap">
            가입일
          </th>
          <th scope="col" className="px-3 py-3 whitespace-nowrap">
            최근 로그인
          </th>
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
        {members.map((member) => (
          <tr
            key={member.id}
            // On a phone the card keeps a gutter only for a pending sign-up's checkbox.
            className={`relative block rounded-xl border border-slate-200 bg-white p-4 align-top md:table-row md:rounded-none md:border-0 md:p-0 ${member.status === "pending" ? "pl-12" : ""}`}
          >
            <td className="absolute top-4 left-4 md:static md:table-cell md:px-3 md:py-3">
              {member.status === "pending" ? (
                <input
                  type="checkbox"
                  name="ids"
                  value={member.id}
                  form={form}
                  aria-label={`${member.name} 선택`}
                  className="size-5 accent-brand-700"
                />
              ) : null}
            </td>
            <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
              <Link
                to={`/admin/members/${member.id}`}
                className="text-base font-semibold text-brand-700 hover:underline md:text-sm"
              >
                {member.name}
              </Link>
              {member.role === "admin" ? (
                <span className="ml-1 text-xs font-semibold text-violet-700">관리자</span>
              ) : null}
            </th>
            <td className={`${cell} break-all text-slate-700`}>
              {member.email}
              <span className="md:hidden"> · </span>
              <span className="text-slate-500 md:block">{member.phone}</span>
            </td>
            <td className={`${cell} text-slate-700`}>
              {member.hospitalName}
              <span className="md:hidden"> · </span>
              <span className="text-slate-500 md:block">
                {member.department} · {member.licenseNumber}
              </span>
            </td>
            <td className={`${cell} space-x-1 whitespace-nowrap`}>
              <StatusBadge status={member.status} />
              {member.memberType ? <MemberTypeBadge memberType={member.memberType} /> : null}
            </td>
            <td className={`${cell} whitespace-nowrap text-slate-600 md:text-slate-700`}>
              <span className="md:hidden">가입 </span>
              {formatDate(member.createdAt)}
            </td>
            <td className={`${cell} whitespace-nowrap text-slate-600 md:text-slate-700`}>
              <span className="md:hidden">최근 로그인 </span>
              {member.lastLoginAt ? formatDate(member.lastLoginAt) : "-"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
