import { Form, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { FieldError, FormError, inputClass, Label } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { VoteResults, VoteStatusBadge } from "~/features/votes/components/vote-parts";
import {
  ballotSchema,
  ELECTORATE_LABELS,
  groupedReceipt,
  KIND_LABELS,
  OBJECTIONS_PER_MEMBER,
  OBJECTIONS_USED_UP,
  objectionSchema,
  REASON_MAX,
  receiptCheckSchema,
} from "~/features/votes/validation";
import {
  castBallot,
  checkReceipt,
  objectToRoll,
  voteForMember,
} from "~/features/votes/votes.server";
import { formatDate, formatDateTime, formatDateTimeRange } from "~/lib/dates";
import { asPage } from "~/lib/errors.server";
import { done, pageAction, shown } from "~/lib/page-action.server";
import { fieldMessage, useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/vote-detail";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.vote.title} | 총회 투표` : "총회 투표" },
  { name: "robots", content: "noindex" },
];

// One vote for a signed-in member: the options, their place on the roll (and an objection until
// the window opens), the ballot with a confirmation step and the receipt shown once, and the
// results after the close.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  return { vote: await asPage(voteForMember(user, args.params.id)) };
}

type Outcome = { review: number } | { receipt: string } | { counted: true };

const voteForms = {
  review: ballotSchema,
  cast: ballotSchema,
  object: objectionSchema,
  receipt: receiptCheckSchema,
};

// A refused ballot (the vote closed or was annulled meanwhile, or was cast in another tab) is a
// 4xx, after which React Router keeps the page's data: read the vote again, so the page shows it
// as it now is and not an open ballot that can only be refused again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => formMethod === "POST" || defaultShouldRevalidate;

export const action = pageAction<SessionActor, typeof voteForms, Outcome>({
  guard: (args) => requireActor(args, "member"),
  intents: {
    // The confirmation step: the choice comes back to be confirmed, nothing is cast yet.
    review: { schema: ballotSchema, run: async ({ choice }) => shown({ review: choice }) },
    cast: {
      schema: ballotSchema,
      run: async ({ choice }, actor, { params }) =>
        shown(await castBallot(actor.user, params.id ?? "", choice)),
    },
    object: {
      schema: objectionSchema,
      run: async ({ text }, actor, { params }) => {
        await objectToRoll(actor.user, params.id ?? "", text);
        return done("명부에 대한 이의를 접수했습니다.");
      },
    },
    receipt: {
      schema: receiptCheckSchema,
      run: async ({ receipt }, _actor, { params }) =>
        shown(await checkReceipt(params.id ?? "", receipt)),
    },
  },
});

type Vote = Route.ComponentProps["loaderData"]["vote"];

/** A candidate's photo, on the ballot and in the list before the window opens. */
function CandidatePhoto({ option }: { option: Vote["options"][number] }) {
  if (!option.photoUrl) return null;
  return (
    <img
      src={option.photoUrl}
      alt={`${option.label} 사진`}
      width={64}
      height={80}
      className="h-20 w-16 shrink-0 rounded-lg object-cover"
    />
  );
}

function OptionCard({
  option,
  index,
  vote,
}: {
  option: Vote["options"][number];
  index: number;
  vote: Vote;
}) {
  return (
    <label
      htmlFor={`choice-${index}`}
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
    >
      <input
        id={`choice-${index}`}
        type="radio"
        name="choice"
        value={index}
        required
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
      {vote.kind === "election" ? <CandidatePhoto option={option} /> : null}
      <span className="grid min-w-0 gap-1">
        <span className="text-[17px] font-bold text-slate-900">{option.label}</span>
        {option.statement ? (
          <span className="text-sm whitespace-pre-line text-slate-600">{option.statement}</span>
        ) : null}
      </span>
    </label>
  );
}

/**
 * A step that appears after a form was sent (the confirmation, the receipt) takes the focus, so
 * a keyboard or screen reader user is where the page now asks them to be.
 */
const takeFocus = (element: HTMLElement | null) => {
  element?.focus();
};

function Ballot({ vote, review }: { vote: Vote; review: number | null }) {
  const refusal = useRefusal();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const chosen = review !== null ? vote.options[review] : undefined;
  if (chosen && review !== null) {
    return (
      <section
        ref={takeFocus}
        tabIndex={-1}
        role="alertdialog"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        className="grid gap-4 rounded-2xl border-2 border-brand-600 bg-white p-5 focus:outline-none"
      >
        <h2 id="confirm-title" className="text-lg font-bold text-slate-900">
          이대로 투표할까요?
        </h2>
        <p id="confirm-text" className="text-base text-slate-700">
          선택: <strong className="text-slate-900">{chosen.label}</strong>
          <br />
          제출한 뒤에는 바꾸거나 취소할 수 없습니다.
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="cast" />
            <input type="hidden" name="choice" value={review} />
            <Button type="submit" disabled={busy}>
              투표 제출
            </Button>
          </Form>
          <Button asChild variant="secondary">
            <Link to={`/votes/${vote.id}`}>다시 고르기</Link>
          </Button>
        </div>
      </section>
    );
  }
  return (
    <Form method="post" noValidate className="grid gap-3" aria-labelledby="ballot-title">
      <h2 id="ballot-title" className="text-lg font-bold text-slate-900">
        {vote.kind === "election" ? "후보를 선택해주세요" : "찬반을 선택해주세요"}
      </h2>
      <FormError message={refusal && refusal.intent !== "object" ? refusal.message : undefined} />
      <input type="hidden" name="intent" value="review" />
      <fieldset className="grid gap-2">
        <legend className="sr-only">선택지</legend>
        {vote.options.map((option, index) => (
          <OptionCard key={option.label} option={option} index={index} vote={vote} />
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={busy}>
          선택 확인
        </Button>
      </div>
    </Form>
  );
}

function RollStatus({ vote }: { vote: Vote }) {
  const refusal = useRefusal("object");
  return (
    <section aria-labelledby="roll-title" className="grid gap-3 rounded-2xl bg-slate-50 p-4 sm:p-5">
      <h2 id="roll-title" className="text-lg font-bold text-slate-900">
        선거인 명부
      </h2>
      <p className="text-base text-slate-700">
        {vote.onRoll ? (
          <strong>회원님은 선거인 명부에 올라 있습니다.</strong>
        ) : (
          <strong>회원님은 선거인 명부에 없습니다.</strong>
        )}{" "}
        명부는 {formatDate(vote.rollFixedAt)}에 확정되었습니다 (
        {ELECTORATE_LABELS[vote.electorate as "full"] ?? vote.electorate}).
      </p>
      {vote.objections.length > 0 ? (
        <ul className="grid gap-1 text-sm text-slate-700">
          {vote.objections.map((objection) => (
            <li key={objection.id}>
              {formatDateTime(objection.createdAt)} 접수한 이의: {objection.text}
            </li>
          ))}
        </ul>
      ) : null}
      {vote.status === "upcoming" && vote.objections.length >= OBJECTIONS_PER_MEMBER ? (
        <p className="text-sm text-slate-700">{OBJECTIONS_USED_UP}</p>
      ) : vote.status === "upcoming" ? (
        <Form method="post" noValidate className="grid gap-2">
          <input type="hidden" name="intent" value="object" />
          <Label htmlFor="objection-text" required>
            명부에 대한 이의 (투표 시작 전까지)
          </Label>
          <textarea
            id="objection-text"
            name="text"
            rows={3}
            maxLength={REASON_MAX}
            aria-required
            aria-invalid={fieldMessage(refusal, "text") ? true : undefined}
            aria-describedby={fieldMessage(refusal, "text") ? "objection-text-error" : undefined}
            className={`${inputClass} h-auto py-2`}
          />
          <FieldError
            id="objection-text-error"
            message={
              fieldMessage(refusal, "text") ??
              (refusal && !fieldMessage(refusal, "text") ? refusal.message : undefined)
            }
          />
          <div>
            <Button type="submit" variant="secondary">
              이의 신청
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function ReceiptCheck() {
  const refusal = useRefusal("receipt");
  return (
    <Form method="post" noValidate className="grid gap-2 rounded-2xl bg-slate-50 p-4 sm:p-5">
      <input type="hidden" name="intent" value="receipt" />
      <Label htmlFor="receipt-input">내 표가 집계되었는지 영수증 번호로 확인</Label>
      <input id="receipt-input" name="receipt" className={inputClass} autoComplete="off" />
      <FieldError id="receipt-input-error" message={refusal?.message} />
      <div>
        <Button type="submit" variant="secondary">
          확인
        </Button>
      </div>
    </Form>
  );
}

export default function VoteDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { vote } = loaderData;
  const outcome = actionData && "shown" in actionData ? (actionData.shown as Outcome) : undefined;
  const receipt = outcome && "receipt" in outcome ? outcome.receipt : null;
  const review = outcome && "review" in outcome && !vote.voted ? outcome.review : null;
  const counted = outcome && "counted" in outcome;
  const ballotShown = vote.status === "open" && vote.onRoll && !vote.voted;
  // A ballot refused because the vote closed or was cast in another tab meanwhile: the ballot form
  // that would show the message is gone, so it is said here, with what it means for the choice.
  const ballotRefusal = useRefusal();
  const lateBallot =
    !ballotShown && (ballotRefusal?.intent === "cast" || ballotRefusal?.intent === "review")
      ? ballotRefusal.message
      : null;
  return (
    <>
      <PageHeader eyebrow={KIND_LABELS[vote.kind as "resolution"] ?? "투표"} title={vote.title}>
        <span className="flex flex-wrap items-center gap-2">
          <VoteStatusBadge status={vote.status} />
          <span>{formatDateTimeRange(vote.opensAt, vote.closesAt)}</span>
        </span>
      </PageHeader>
      <Section className="grid max-w-3xl gap-6">
        {vote.description ? (
          <p className="text-base leading-7 whitespace-pre-line text-slate-700">
            {vote.description}
          </p>
        ) : null}
        {vote.status === "annulled" ? (
          <p role="status" className="rounded-xl bg-rose-50 p-4 text-rose-800">
            이 투표는 무효 처리되었습니다. 사유: {vote.annulReason}
          </p>
        ) : null}
        {receipt ? (
          <section
            ref={takeFocus}
            tabIndex={-1}
            role="status"
            aria-labelledby="receipt-title"
            className="grid gap-2 rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-5 focus:outline-none"
          >
            <h2 id="receipt-title" className="text-lg font-bold text-emerald-900">
              투표가 접수되었습니다
            </h2>
            <p className="text-base text-emerald-900">영수증 번호</p>
            <p
              className="font-mono text-lg font-bold tracking-wide text-slate-900"
              data-receipt={receipt}
            >
              {groupedReceipt(receipt)}
            </p>
            <p className="text-sm text-emerald-900">
              이 번호는 다시 보여드리지 않습니다. 적어 두시면 투표가 끝난 뒤 내 표가 집계되었는지
              확인할 수 있습니다. 번호로는 무엇을 선택했는지 알 수 없습니다.
            </p>
          </section>
        ) : null}
        {lateBallot ? (
          <p role="alert" className="rounded-xl bg-rose-50 p-4 font-semibold text-rose-800">
            {lateBallot} 방금 보내신 선택은 집계되지 않았습니다.
          </p>
        ) : null}
        {ballotShown ? <Ballot vote={vote} review={review} /> : null}
        {vote.voted && !receipt ? (
          <p role="status" className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900">
            {vote.status === "open"
              ? `투표하셨습니다. 결과는 ${formatDateTime(vote.closesAt)}에 투표가 끝난 뒤 공개됩니다.`
              : "투표하셨습니다."}
          </p>
        ) : null}
        {vote.status === "open" && !vote.onRoll ? (
          <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
            선거인 명부에 없어 이 투표에 참여할 수 없습니다.
          </p>
        ) : null}
        {vote.status === "upcoming" ? (
          <p className="text-slate-700">
            투표는 {formatDateTime(vote.opensAt)}에 시작됩니다.
            {/* Only those on the roll are told when it opens. */}
            {vote.onRoll
              ? vote.textedWhenOpen
                ? " 시작되면 문자와 메일로 알려드립니다."
                : " 시작되면 메일로 알려드립니다."
              : null}
          </p>
        ) : null}
        {vote.status === "upcoming" || (vote.status === "open" && !(vote.onRoll && !vote.voted)) ? (
          <section aria-labelledby="options-title" className="grid gap-2">
            <h2 id="options-title" className="text-lg font-bold text-slate-900">
              {vote.kind === "election" ? "후보" : "선택지"}
            </h2>
            <ul className="grid gap-2">
              {vote.options.map((option) => (
                <li
                  key={option.label}
                  className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
                >
                  {vote.kind === "election" ? <CandidatePhoto option={option} /> : null}
                  <div className="min-w-0">
                    <p className="font-bold text-slate-900">{option.label}</p>
                    {option.statement ? (
                      <p className="mt-1 text-sm whitespace-pre-line text-slate-600">
                        {option.statement}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {vote.results ? (
          <>
            <VoteResults results={vote.results} hasQuorum={Boolean(vote.quorum)} />
            {counted ? (
              <p
                role="status"
                className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900"
              >
                이 영수증 번호의 표가 집계에 포함되었습니다.
              </p>
            ) : null}
            <ReceiptCheck />
          </>
        ) : null}
        {vote.status === "upcoming" || vote.status === "open" ? <RollStatus vote={vote} /> : null}
        <p>
          <Link to="/votes" className="text-brand-700 underline">
            투표 목록으로
          </Link>
        </p>
      </Section>
    </>
  );
}
