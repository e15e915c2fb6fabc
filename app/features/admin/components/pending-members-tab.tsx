import { useId, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import { REJECTION_REASON_REQUIRED } from "~/features/membership/validation";
import { formatDate } from "~/lib/dates";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { DataTable } from "./data-table";
import { DisclosedAction } from "./disclosed-action";
import { DetailList, LicenceImage } from "./licence-image";
import { ListPager, ListSearch, NO_RESULTS } from "./paged-list";
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
      <RejectSignupDialog member={rejecting} onClose={() => setRejecting(null)} />
    </section>
  );
}

/**
 * Rejects a sign-up with its reason (required), which the rejection mail and text quote and the
 * doctor's status page shows.
 */
function RejectSignupDialog({
  member,
  onClose,
}: {
  member: PendingMember | null;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  // The button stays (a disabled one is skipped by Tab, and says nothing): a blank reason is
  // refused at its field, which takes the focus, as the dialog's first stop does.
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const action = useDashboardAction(() => {
    setReason("");
    setMissing(false);
    onClose();
  });
  const blank = reason.trim() === "";
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="준회원 가입 거부"
      description={member ? `${member.name}님의 가입 신청을 거부합니다.` : undefined}
      initialFocus={field}
    >
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (blank) {
            setMissing(true);
            field.current?.focus();
            toast({
              title: "거부 사유 필요",
              description: REJECTION_REASON_REQUIRED,
              variant: "destructive",
            });
            return;
          }
          if (member) action.run("reject-member", { id: member.id, reason });
        }}
      >
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {REASON_LABEL}
        </label>
        <textarea
          id={id}
          value={reason}
          ref={field}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          rows={3}
          maxLength={1000}
          required
          aria-required="true"
          className="rounded-lg border border-slate-300 p-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <FieldError id={`${id}-error`} message={missing ? REJECTION_REASON_REQUIRED : undefined} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            취소
          </Button>
          <Button type="submit" variant="destructive" disabled={action.pending}>
            거부
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
