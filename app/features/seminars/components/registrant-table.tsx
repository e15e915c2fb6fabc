import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";

export type RegistrantRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  hospitalName: string | null;
  status: string;
  registeredAt: Date | string;
  waitlistPosition: number | null;
  firstEntry: Date | string | null;
  lastExit: Date | string | null;
};

const cell = "block py-0.5 md:table-cell md:px-3 md:py-3";

function Status({ row }: { row: RegistrantRow }) {
  if (row.status === "waitlisted")
    return <Badge tone="yellow">대기 {row.waitlistPosition}번</Badge>;
  if (row.status === "cancelled") return <Badge>취소</Badge>;
  return <Badge tone="green">확정</Badge>;
}

/**
 * A seminar's registrants: a table on wide screens, each row a card on a phone. The office cancels
 * a confirmed or waitlisted registration here (past the member's own deadline too).
 */
export function RegistrantTable({ rows, busy }: { rows: RegistrantRow[]; busy: boolean }) {
  return (
    <table className="block w-full text-left text-sm md:table md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white">
      <caption className="sr-only">신청자 목록</caption>
      <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
        <tr>
          {["이름", "연락처", "병원", "상태", "신청 시각", "입장 · 퇴장", "관리"].map((h) => (
            <th key={h} scope="col" className="px-3 py-3 whitespace-nowrap">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
        {rows.map((row) => (
          <tr
            key={row.id}
            className="block rounded-xl border border-slate-200 bg-white p-4 align-top md:table-row md:rounded-none md:border-0 md:p-0"
          >
            <th
              scope="row"
              className={`${cell} text-base font-bold whitespace-nowrap text-slate-900 md:text-sm`}
            >
              {row.name}
            </th>
            <td className={`${cell} text-slate-700`}>
              <span className="block">{row.phone}</span>
              <span className="block break-all text-slate-500">{row.email}</span>
            </td>
            <td className={`${cell} text-slate-700`}>{row.hospitalName}</td>
            <td className={cell}>
              <Status row={row} />
            </td>
            <td className={`${cell} text-slate-600`}>
              <span className="md:hidden">신청 </span>
              <DateTime value={row.registeredAt} />
            </td>
            <td className={`${cell} text-slate-600`}>
              {row.firstEntry ? (
                <span className="block whitespace-nowrap">
                  입장 <DateTime value={row.firstEntry} />
                </span>
              ) : null}
              {row.lastExit ? (
                <span className="block whitespace-nowrap">
                  퇴장 <DateTime value={row.lastExit} />
                </span>
              ) : null}
              {!row.firstEntry && !row.lastExit ? (
                <span className="text-slate-400">기록 없음</span>
              ) : null}
            </td>
            <td className={`${cell} pt-2 md:pt-3`}>
              {row.status !== "cancelled" ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (
                      !window.confirm(
                        `${row.name}님의 신청을 취소하시겠습니까? 본인에게 메일로 알립니다.`,
                      )
                    ) {
                      event.preventDefault();
                    }
                  }}
                >
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="userId" value={row.userId} />
                  <Button type="submit" size="sm" variant="secondaryDestructive" disabled={busy}>
                    신청 취소<span className="sr-only"> ({row.name})</span>
                  </Button>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
