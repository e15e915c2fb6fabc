import { SiteLink } from "~/components/ui/site-link";
import { formatDate } from "~/lib/dates";
import { CachedRows, recordKey } from "~/lib/fragment-rows";
import type { RosterMember } from "../roster.server";
import { DemoBadge, MemberTypeBadge, StatusBadge } from "./standing-badges";

/**
 * One page of the roster: a table on wide screens, each row a card on a phone (the same markup,
 * restyled by `.roster` in app.css, so a page of 50 members is sent once and its cells carry no
 * classes; on a phone the dates' labels and the separators come from the stylesheet, not from
 * four more elements a row). Pending sign-ups carry a checkbox for the bulk approval form (`form`
 * names it, so the boxes work without JavaScript). Each row is drawn once per member and version
 * on the server and kept (lib/fragment-cache.tsx): its key is the row's data and the form's id.
 */
export function RosterTable({ members, form }: { members: RosterMember[]; form: string }) {
  return (
    <table className="roster">
      <caption className="sr-only">회원 목록</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">선택</span>
          </th>
          <th scope="col">이름</th>
          <th scope="col">이메일 · 전화</th>
          <th scope="col">병원</th>
          <th scope="col">상태 · 구분</th>
          <th scope="col">가입일</th>
          <th scope="col">최근 로그인</th>
        </tr>
      </thead>
      <CachedRows
        rows={members}
        keyOf={(member) => `roster|${form}|${recordKey(member)}`}
        row={(member) => (
          <tr key={member.id}>
            <td>
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
            <th scope="row">
              <SiteLink to={`/admin/members/${member.id}`}>{member.name}</SiteLink>
              {member.role === "admin" ? <span className="admin-mark">관리자</span> : null}
              {member.isDemo ? <DemoBadge /> : null}
            </th>
            <td>
              {member.email}
              {/[0-9]/.test(member.phone) ? (
                <a
                  href={`tel:${member.phone.replace(/[^0-9+]/g, "")}`}
                  className="aside underline decoration-slate-300 underline-offset-2 hover:text-brand-700"
                >
                  {member.phone}
                </a>
              ) : (
                <span className="aside">{member.phone}</span>
              )}
            </td>
            <td>
              {member.hospitalName}
              <span className="aside">{`${member.department} · ${member.licenseNumber}`}</span>
            </td>
            <td>
              <StatusBadge status={member.status} />
              {member.memberType ? <MemberTypeBadge memberType={member.memberType} /> : null}
            </td>
            <td data-label="가입">{formatDate(member.createdAt)}</td>
            <td data-label="최근 로그인">
              {member.lastLoginAt ? formatDate(member.lastLoginAt) : "-"}
            </td>
          </tr>
        )}
      />
    </table>
  );
}
