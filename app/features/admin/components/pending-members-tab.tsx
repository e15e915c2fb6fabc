import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { formatDate } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { DataTable } from "./data-table";
import { DisclosedAction } from "./disclosed-action";
import { DetailList, LicenceImage } from "./licence-image";
import { ListPager, ListSearch, NO_RESULTS } from "./paged-list";
import { RejectReasonDialog } from "./reject-reason-dialog";
import type { PendingMember, TabPage } from "./types";
import { useDashboardAction } from "./use-dashboard-action";

const CAPTION = "승인 대기 회원";
const REASON_LABEL = "거부 사유 (필수, 안내 메일과 신청자의 상태 화면에 표시됩니다)";

/** The sign-ups waiting, re-submissions after a rejection first, then oldest first, 20 a page, searched on the server (`?tab=members&q=`). */
export function PendingMembersTab({ list }: { list: TabPage<PendingMember> }) {
  const [viewing, setViewing] = useState<PendingMember | null>(null);
  const [rejecting, setRejecting] = useState<PendingMember | null>(null);
  const action = useDashboardAction();
  const hydrated = useHydrated();
  const busy = (id: string) => action.pending && action.fetcher.formData?.get("id") === id;

  return (
    <section aria-labelledby="pending-title" className="grid gap-4">
      <h2 id="pending-title" className="text-lg font-bold text-slate-900">
        승인 대기 중인 준회원
      </h2>
      <ListSearch
        tab="members"
        caption={CAPTION}
        list={list}
        placeholder="이름, 이메일, 연락처, 병원, 면허번호"
      />
      <DataTable
        caption={CAPTION}
        rows={list.items}
        rowKey={(m) => m.id}
        paging="server"
        empty={list.q ? NO_RESULTS : "승인을 기다리는 회원이 없습니다."}
        columns={[
          {
            header: "이름",
            cell: (m) =>
              m.resubmittedAt ? (
                <span className="inline-flex items-center gap-1.5">
                  {m.name}
                  <Badge tone="brand" title={`재신청 ${formatDate(m.resubmittedAt)}`}>
                    재신청
                  </Badge>
                </span>
              ) : (
                m.name
              ),
            primary: true,
            className: "whitespace-nowrap",
          },
          { header: "이메일", cell: (m) => m.email },
          { header: "연락처", cell: (m) => m.phone, className: "whitespace-nowrap" },
          { header: "병원", cell: (m) => m.hospitalName },
          { header: "진료과목", cell: (m) => m.department, className: "whitespace-nowrap" },
          { header: "면허번호", cell: (m) => m.licenseNumber, className: "whitespace-nowrap" },
          {
            header: "가입일",
            cell: (m) => formatDate(m.createdAt),
            className: "whitespace-nowrap",
          },
          {
            header: "관리",
            className: "whitespace-nowrap",
            cell: (m) => (
              <div className="flex gap-1.5">
                {m.licenseImageUrl && hydrated ? (
                  <Button size="sm" variant="secondary" onClick={() => setViewing(m)}>
                    면허증 보기<span className="sr-only"> ({m.name})</span>
                  </Button>
                ) : m.licenseImageUrl ? (
                  <Button asChild size="sm" variant="secondary">
                    <a href={m.licenseImageUrl}>
                      면허증 보기<span className="sr-only"> ({m.name})</span>
                    </a>
                  </Button>
                ) : null}
                {/* A form, so approving works before JavaScript loads too. */}
                <action.fetcher.Form method="post" action={action.target} preventScrollReset>
                  <input type="hidden" name="intent" value="approve-member" />
                  <input type="hidden" name="id" value={m.id} />
                  <Button type="submit" size="sm" disabled={busy(m.id)}>
                    승인<span className="sr-only"> ({m.name})</span>
                  </Button>
                </action.fetcher.Form>
                {hydrated ? (
                  <Button
                    size="sm"
                    variant="secondaryDestructive"
                    disabled={busy(m.id)}
                    onClick={() => setRejecting(m)}
                  >
                    거부<span className="sr-only"> ({m.name})</span>
                  </Button>
                ) : (
                  <DisclosedAction
                    label="거부"
                    variant="secondaryDestructive"
                    intent="reject-member"
                    id={m.id}
                    question={`${m.name}님의 가입 신청을 거부합니다.`}
                    reason={{
                      name: "reason",
                      label: REASON_LABEL,
                      required: true,
                    }}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
      <ListPager caption={CAPTION} list={list} />
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="의사 면허증 확인"
        wide
      >
        {viewing ? (
          <div className="grid gap-4">
            <LicenceImage src={viewing.licenseImageUrl} alt={`${viewing.name}님의 의사 면허증`} />
            <DetailList
              items={[
                ["이름", viewing.name],
                ["면허번호", viewing.licenseNumber],
                ["병원", viewing.hospitalName],
                ["진료과목", viewing.department],
              ]}
            />
          </div>
        ) : null}
      </Dialog>
      <RejectReasonDialog
        open={rejecting !== null}
        title="준회원 가입 거부"
        description={rejecting ? `${rejecting.name}님의 가입 신청을 거부합니다.` : undefined}
        label={REASON_LABEL}
        intent="reject-member"
        fields={(reason) => ({ id: rejecting?.id ?? "", reason })}
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}
