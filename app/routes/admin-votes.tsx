import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, FormError, inputClass, Label } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { InlineAction, ReasonField } from "~/features/community/components/inline-form";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { VoteResults, VoteStatusBadge } from "~/features/votes/components/vote-parts";
import {
  DESCRIPTION_MAX,
  ELECTORATE_LABELS,
  ELECTORATES,
  KIND_LABELS,
  officeVoteForms,
  quorumNeeded,
  REASON_MAX,
  TITLE_MAX,
  VOTE_KINDS,
} from "~/features/votes/validation";
import {
  annulVote,
  changeRoll,
  createVote,
  deleteVote,
  listVotesForOffice,
  publishResults,
  voteForOffice,
} from "~/features/votes/votes.server";
import { formatDate, formatDateTime, formatDateTimeRange } from "~/lib/dates";
import { orNullIfRefused } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { fieldMessage, type Refusal, submittedValue, useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-votes";

export const meta: Route.MetaFunction = () => [
  { title: "투표 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

const LIST = "/admin/votes";
const PAGE_SIZE = 20;

// The votes, newest window first, the form to publish one, and with `?id=` one vote: turnout and
// who voted (never a choice), the roll and its objections, annulment, and the results once closed.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const id = args.url.searchParams.get("id");
  const [list, selected] = await Promise.all([
    listVotesForOffice(actor, { page: pageFromUrl(args.url.searchParams), pageSize: PAGE_SIZE }),
    id ? orNullIfRefused(voteForOffice(actor, id)) : Promise.resolve(null),
  ]);
  return { ...list, selected };
}

const detail = (id: string) => `${LIST}?id=${id}`;

export const action = pageAction<SessionActor, typeof officeVoteForms>({
  guard: (args) => requireActor(args, "admin"),
  intents: {
    create: {
      schema: officeVoteForms.create,
      run: async (input, actor) => {
        const { id } = await createVote(actor, input);
        return done("투표를 등록했습니다. 선거인 명부가 확정되었습니다.", detail(id));
      },
    },
    roll: {
      schema: officeVoteForms.roll,
      run: async ({ id, ...change }, actor) => {
        await changeRoll(actor, id, change);
        return done(
          change.change === "add" ? "명부에 추가했습니다." : "명부에서 뺐습니다.",
          detail(id),
        );
      },
    },
    annul: {
      schema: officeVoteForms.annul,
      run: async ({ id, reason }, actor) => {
        await annulVote(actor, id, reason);
        return done("투표를 무효 처리했습니다.", detail(id));
      },
    },
    delete: {
      schema: officeVoteForms.delete,
      run: async ({ id }, actor) => {
        await deleteVote(actor, id);
        return done("투표를 삭제했습니다.", LIST);
      },
    },
    notice: {
      schema: officeVoteForms.notice,
      run: async ({ id }, actor) => {
        const { announcementId } = await publishResults(actor, id);
        return done("결과를 공지사항으로 게시했습니다.", `/announcements/${announcementId}`);
      },
    },
  },
});

function CreateForm({ refusal }: { refusal: Refusal | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = (name: string) => fieldMessage(refusal, name);
  const field = (name: string, label: string, required: boolean, input: React.ReactNode) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={`vote-${name}`} required={required}>
        {label}
      </Label>
      {input}
      <FieldError id={`vote-${name}-error`} message={error(name)} />
    </div>
  );
  // A field the server refused is marked, and names its message.
  const invalid = (name: string) =>
    error(name) ? { "aria-invalid": true, "aria-describedby": `vote-${name}-error` } : {};
  // After a refused form, what was typed comes back.
  const typed = (name: string, fallback = "") => submittedValue(refusal, name) ?? fallback;
  const options = useRef<HTMLTextAreaElement>(null);
  return (
    // Publishing fixes the roll and notifies every voter: confirmed first (issue 39).
    <ConfirmForm
      method="post"
      noValidate
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="vote-form-title"
      title="투표를 게시할까요?"
      description="게시하면 선거인 명부가 확정되고, 시작 시각이 되면 명부의 회원 모두에게 문자와 메일로 알립니다. 게시한 투표의 문항과 기간은 고칠 수 없고, 투표한 회원이 없을 때만 삭제할 수 있습니다."
      confirmLabel="게시"
    >
      <h2 id="vote-form-title" className="text-lg font-bold text-slate-900">
        새 투표 등록
      </h2>
      <p className="text-sm text-slate-600">
        등록하면 바로 게시되고 선거인 명부가 확정됩니다. 시작 시각이 지금이거나 지났으면 곧바로
        투표가 시작되고, 명부의 회원에게 문자와 메일로 알립니다.
      </p>
      <FormError
        message={
          refusal && Object.keys(refusal.fieldErrors).length === 0 ? refusal.message : undefined
        }
      />
      <input type="hidden" name="intent" value="create" />
      {field(
        "title",
        "제목",
        true,
        <input
          id="vote-title"
          name="title"
          defaultValue={typed("title")}
          maxLength={TITLE_MAX}
          required
          {...invalid("title")}
          className={inputClass}
        />,
      )}
      {field(
        "description",
        "설명",
        false,
        <textarea
          id="vote-description"
          name="description"
          defaultValue={typed("description")}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          className={`${inputClass} h-auto py-2`}
        />,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          "kind",
          "종류",
          true,
          <select
            id="vote-kind"
            name="kind"
            className={inputClass}
            defaultValue={typed("kind", "resolution")}
          >
            {VOTE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>,
        )}
        {field(
          "electorate",
          "선거인",
          true,
          <select
            id="vote-electorate"
            name="electorate"
            className={inputClass}
            defaultValue={typed("electorate", "full")}
          >
            {ELECTORATES.map((electorate) => (
              <option key={electorate} value={electorate}>
                {ELECTORATE_LABELS[electorate]}
              </option>
            ))}
          </select>,
        )}
      </div>
      {field(
        "options",
        "선택지 또는 후보 (한 줄에 하나)",
        false,
        <>
          <textarea
            ref={options}
            id="vote-options"
            name="options"
            defaultValue={typed("options")}
            rows={4}
            aria-invalid={error("options") ? true : undefined}
            aria-describedby={`vote-options-hint${error("options") ? " vote-options-error" : ""}`}
            className={`${inputClass} h-auto py-2`}
          />
          <p id="vote-options-hint" className="text-sm text-slate-600">
            안건은 비워 두면 찬성 / 반대 / 기권입니다. 선거는 후보마다 한 줄로 “이름 | 사진 주소 |
            소개”를 적습니다. 후보 줄에 커서를 두고 아래에서 사진을 올리면 그 줄의 사진 주소 자리에
            들어갑니다.
          </p>
        </>,
      )}
      {/* The photo's path goes into the photo place of the line where the cursor was: the form
          has no field of its own for it. Photos come from here only (never another site's, see
          validation.ts). */}
      <ImageUpload
        label="후보 사진 올리기 (선택)"
        endpoint="/api/objects/upload"
        successMessage="사진 주소를 후보 줄에 넣었습니다."
        onUploaded={(path) => {
          const lines = options.current;
          if (!lines) return;
          lines.value = withPhoto(lines.value, lines.selectionStart, path);
          lines.focus();
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {field(
          "opensAt",
          "시작",
          true,
          <input
            id="vote-opensAt"
            name="opensAt"
            defaultValue={typed("opensAt")}
            type="datetime-local"
            required
            {...invalid("opensAt")}
            className={inputClass}
          />,
        )}
        {field(
          "closesAt",
          "종료",
          true,
          <input
            id="vote-closesAt"
            name="closesAt"
            defaultValue={typed("closesAt")}
            type="datetime-local"
            required
            {...invalid("closesAt")}
            className={inputClass}
          />,
        )}
        {field(
          "quorum",
          "의결 정족수 (표 수 또는 0.5 같은 비율)",
          false,
          <input
            id="vote-quorum"
            name="quorum"
            defaultValue={typed("quorum")}
            inputMode="decimal"
            {...invalid("quorum")}
            className={inputClass}
          />,
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          투표 등록
        </Button>
      </div>
    </ConfirmForm>
  );
}

type Selected = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

function VotePanel({ selected }: { selected: Selected }) {
  const { vote, eligible, voted, roll, objections, results } = selected;
  const refusal = useRefusal();
  const open = vote.status === "upcoming" || vote.status === "open";
  const needed = quorumNeeded(vote.quorum, eligible);
  const voters = roll.filter((member) => member.voted);
  return (
    <section
      aria-labelledby="vote-panel-title"
      className="grid gap-5 rounded-2xl border border-brand-200 bg-white p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <VoteStatusBadge status={vote.status} />
          <span className="text-sm text-slate-600">
            {KIND_LABELS[vote.kind as "resolution"] ?? vote.kind}
          </span>
        </div>
        <h2 id="vote-panel-title" className="text-xl font-bold text-slate-900">
          {vote.title}
        </h2>
        <p className="text-sm text-slate-600">
          {formatDateTimeRange(vote.opensAt, vote.closesAt)} · 선거인{" "}
          {ELECTORATE_LABELS[vote.electorate as "full"] ?? vote.electorate} · 명부 확정{" "}
          {formatDate(vote.rollFixedAt)}
          {vote.quorum ? ` · 의결 정족수 ${formatNumber(needed)}표` : ""}
        </p>
      </div>
      {refusal ? <FormError message={refusal.message} /> : null}
      {vote.annulledAt ? (
        <p className="rounded-xl bg-rose-50 p-3 text-rose-800">
          {formatDateTime(vote.annulledAt)} 무효 처리: {vote.annulReason}
        </p>
      ) : null}
      <div className="grid gap-1" aria-live="polite">
        <p className="text-base font-semibold text-slate-900">
          투표율: 선거인 {formatNumber(eligible)}명 중 {formatNumber(voted)}명 투표
          {eligible > 0 ? ` (${Math.round((voted / eligible) * 1000) / 10}%)` : ""}
        </p>
        <p className="text-sm text-slate-600">
          누가 무엇을 선택했는지는 어디에도 기록되지 않습니다. 결과는 투표가 끝난 뒤에만 공개됩니다.
        </p>
      </div>
      {results ? (
        <>
          <VoteResults results={results} hasQuorum={Boolean(vote.quorum)} />
          {vote.noticeId ? (
            <p>
              <Link to={`/announcements/${vote.noticeId}`} className="text-brand-700 underline">
                게시한 결과 공지 보기
              </Link>
            </p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="notice" />
              <input type="hidden" name="id" value={vote.id} />
              <Button type="submit">결과를 공지사항으로 게시</Button>
            </Form>
          )}
        </>
      ) : null}
      <details className="rounded-xl bg-slate-50 p-3">
        <summary className="cursor-pointer font-semibold text-slate-900">
          투표한 회원 {formatNumber(voters.length)}명
        </summary>
        <ul className="mt-2 grid gap-1 text-sm text-slate-700">
          {voters.map((member) => (
            <li key={member.id}>
              {member.name} · {member.votedOn ? formatDate(member.votedOn) : ""}
            </li>
          ))}
        </ul>
      </details>
      <section aria-labelledby="roll-title" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="roll-title" className="font-bold text-slate-900">
            선거인 명부 ({formatNumber(eligible)}명)
          </h3>
          <ExportPurposeForm
            href={`/admin/votes/${vote.id}/roll.csv`}
            label="명부 CSV"
            example="총회 선거인 명부 확인"
          />
        </div>
        {vote.status === "upcoming" ? (
          <Form
            method="post"
            noValidate
            className="grid gap-2 rounded-xl bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <input type="hidden" name="intent" value="roll" />
            <input type="hidden" name="change" value="add" />
            <input type="hidden" name="id" value={vote.id} />
            <div className="grid gap-1">
              <Label htmlFor="roll-email" required>
                추가할 회원의 이메일
              </Label>
              <input
                id="roll-email"
                name="email"
                type="email"
                aria-required
                className={inputClass}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="roll-reason" required>
                사유
              </Label>
              <input
                id="roll-reason"
                name="reason"
                maxLength={REASON_MAX}
                aria-required
                className={inputClass}
              />
            </div>
            <Button type="submit" variant="secondary">
              명부에 추가
            </Button>
          </Form>
        ) : null}
        <ul className="grid divide-y divide-slate-100 rounded-xl border border-slate-200">
          {roll.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">{member.name}</span>{" "}
                <span className="text-sm break-all text-slate-600">{member.email}</span>
              </span>
              <span className="flex items-center gap-2 text-sm text-slate-700">
                {member.voted ? "투표함" : "미투표"}
                {open && !member.voted ? (
                  <InlineAction
                    label="명부에서 빼기"
                    intent="roll"
                    id={vote.id}
                    tone="danger"
                    submitLabel="빼기"
                  >
                    <input type="hidden" name="change" value="remove" />
                    <input type="hidden" name="userId" value={member.id} />
                    <ReasonField id={`remove-${member.id}`} label="사유" />
                  </InlineAction>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {objections.length > 0 ? (
        <section aria-labelledby="objections-title" className="grid gap-2">
          <h3 id="objections-title" className="font-bold text-slate-900">
            명부에 대한 이의
          </h3>
          <ul className="grid gap-1 text-sm text-slate-700">
            {objections.map((objection) => (
              <li key={objection.id}>
                {formatDateTime(objection.createdAt)} {objection.name} ({objection.email}):{" "}
                {objection.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {/* Only while it runs or before: after the close the general meeting decides. */}
        {!vote.annulledAt && open ? (
          <InlineAction
            label="무효 처리"
            intent="annul"
            id={vote.id}
            tone="danger"
            submitLabel="무효 처리"
          >
            <ReasonField id="annul-reason" label="무효 사유" />
          </InlineAction>
        ) : null}
        {voted === 0 ? (
          <InlineAction
            label="삭제"
            intent="delete"
            id={vote.id}
            tone="danger"
            confirm="투표와 명부를 삭제할까요? 되돌릴 수 없습니다."
            submitLabel="삭제"
          />
        ) : null}
      </div>
    </section>
  );
}

export default function AdminVotes({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal("create");
  const { items, total, page, pageSize, selected } = loaderData;
  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">투표 관리</h1>
      <p className="mt-1 text-slate-600">
        총회 안건과 선거를 비밀투표로 진행합니다. 사무국은 투표율과 투표한 회원만 볼 수 있고, 누가
        무엇을 선택했는지는 볼 수 없습니다. 모든 조치는 감사 기록에 남습니다.
      </p>
      {selected ? (
        <div className="mt-6">
          <VotePanel selected={selected} />
        </div>
      ) : null}
      <div className="mt-6">
        {/* A new form once a vote is published: its fields would otherwise keep the last one, one
            tap from publishing it twice. */}
        <CreateForm key={total} refusal={refusal} />
      </div>
      <h2 className="mt-8 mb-3 text-lg font-bold text-slate-900">
        투표 목록 ({formatNumber(total)}건)
      </h2>
      {items.length === 0 ? (
        <EmptyState>등록된 투표가 없습니다.</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={detail(item.id)}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300"
              >
                <span className="grid min-w-0 gap-1">
                  <span className="flex items-center gap-2">
                    <VoteStatusBadge status={item.status} />
                    <span className="font-semibold text-slate-900">{item.title}</span>
                  </span>
                  <span className="text-sm text-slate-600">
                    {formatDateTimeRange(item.opensAt, item.closesAt)}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatNumber(item.voted)} / {formatNumber(item.eligible)}명 투표
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={total}
        pageSize={pageSize}
        searchParams={new URLSearchParams()}
        pathname={LIST}
        label="투표 목록 페이지"
      />
    </Section>
  );
}

/**
 * The candidates' lines with `path` as the photo of the line holding the cursor (`이름 | 사진 |
 * 소개`): whatever that line had in the photo's place is replaced, its name and statement kept.
 */
function withPhoto(text: string, cursor: number, path: string) {
  const start = text.lastIndexOf("\n", cursor - 1) + 1;
  const end = text.indexOf("\n", cursor);
  const line = text.slice(start, end === -1 ? text.length : end);
  const [name = "", , ...statement] = line.split("|").map((part) => part.trim());
  const said = statement.join(" | ");
  const placed = said ? `${name} | ${path} | ${said}` : `${name} | ${path}`;
  return text.slice(0, start) + placed + (end === -1 ? "" : text.slice(end));
}
