import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import type { RosterMember } from "../roster.server";
import { MemberTypeBadge, StatusBadge } from "./standing-badges";

/**
 * One page of the roster. Pending sign-ups carry a checkbox for the bulk approval form the table
 * sits in (`form` names it, so the boxes work without JavaScript). A table on wide screens; on a
 * phone each member is a card.
 */
export function RosterTable({ members, form }: { members: RosterMember[]; form: string }) {
  const select = (member: RosterMember) =>
    member.status === "pending" ? (
      <input
        type="checkbox"
        name="ids"
        value={member.id}
        form={form}
        aria-label={`${member.name} 선택`}
        className="size-5 accent-brand-700"
      />
    ) : null;
  const name = (member: RosterMember) => (
    <Link
      to={`/admin/members/${member.id}`}
      className="font-semibold text-brand-700 hover:underline"
    >
      {member.name}
    </Link>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">회원 목록</caption>
          <thead className="bg-slate-50 text-slate-600">
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
                상태
              </th>
              <th scope="col" className="px-3 py-3 whitespace-nowrap">
                회원 구분
              </th>
              <th scope="col" className="px-3 py-3 whitespace-nowrap">
                가입일
              </th>
              <th scope="col" className="px-3 py-3 whitespace-nowrap">
                최근 로그인
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id} className="align-top">
                <td className="px-3 py-3">{select(member)}</td>
                <th scope="row" className="px-3 py-3 font-normal whitespace-nowrap">
                  {name(member)}
                  {member.role === "admin" ? (
                    <span className="ml-1 text-xs font-semibold text-violet-700">관리자</span>
                  ) : null}
                </th>
                <td className="px-3 py-3 break-all text-slate-700">
                  {member.email}
                  <br />
                  <span className="text-slate-500">{member.phone}</span>
                </td>
                <td className="px-3 py-3 text-slate-700">
                  {member.hospitalName}
                  <br />
                  <span className="text-slate-500">
                    {member.department} · {member.licenseNumber}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={member.status} />
                </td>
                <td className="px-3 py-3">
                  <MemberTypeBadge memberType={member.memberType} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {formatDate(member.createdAt)}
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {member.lastLoginAt ? formatDate(member.lastLoginAt) : "-"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="회원 목록">
        {members.map((member) => (
          <li key={member.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-start gap-3">
              {select(member)}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {name(member)}
                  <StatusBadge status={member.status} />
                  {member.memberType ? <MemberTypeBadge memberType={member.memberType} /> : null}
                </div>
                <p className="mt-1 text-sm break-all text-slate-700">{member.email}</p>
                <p className="text-sm text-slate-600">
                  {member.hospitalName} · {member.phone}
                </p>
                <p className="mt-1 text-xs text-slate-500">가입 {formatDate(member.createdAt)}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
