import { Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { FormError } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import type { myCredits } from "../credits.server";

type MyCreditsView = Awaited<ReturnType<typeof myCredits>>;

/**
 * /mypage's 연수평점 section: final credits per year, sheets sent out and open for objection
 * (a plain form each to /mypage, so it works without JavaScript; a refused objection's message
 * stands above them), and the certificates of locked sheets.
 */
export function MyCredits({ credits, refusal }: { credits: MyCreditsView; refusal?: string }) {
  const { years, awaiting, attended } = credits;
  return (
    <Card className="p-6 sm:p-8">
      <h2 id="credits" className="scroll-mt-24 text-xl font-bold text-slate-900">
        연수평점
      </h2>
      {years.length ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {years.map((y) => (
            <li key={y.year} className="rounded-lg bg-brand-50 px-3 py-2 text-base text-brand-800">
              {y.year}년 <strong className="font-bold">{y.credits}점</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-base text-slate-700">확정된 연수평점이 아직 없습니다.</p>
      )}

      {awaiting.length ? (
        <div className="mt-6 grid gap-4">
          <h3 className="font-bold text-slate-900">확인을 기다리는 평점</h3>
          <FormError message={refusal} />
          {awaiting.map((a) => (
            <div key={a.seminarId} className="rounded-lg border border-amber-200 bg-amber-50 p-4">
              <p className="font-semibold text-slate-900">{a.title}</p>
              <p className="text-sm text-slate-700">
                {formatDate(a.date)} · 산정 평점 {a.sentCredits}점 · 이의 신청 기한{" "}
                <DateTime value={a.objectionDeadline} />
              </p>
              {a.noExit ? (
                <p className="mt-1 text-sm font-medium text-amber-900">
                  퇴장 기록이 없어 미완료로 산정되었습니다. 끝까지 참석하셨다면 이의 신청으로 퇴장
                  시간을 알려주세요.
                </p>
              ) : null}
              {a.objection ? (
                <p className="mt-2 text-sm text-slate-800">보낸 이의: {a.objection}</p>
              ) : null}
              {a.open ? (
                <form method="post" action="/mypage/seminars" className="mt-3 grid gap-2">
                  <input type="hidden" name="intent" value="objection" />
                  <input type="hidden" name="seminarId" value={a.seminarId} />
                  <label
                    htmlFor={`objection-${a.seminarId}`}
                    className="text-sm font-semibold text-slate-800"
                  >
                    {a.objection ? "이의 내용 고치기" : "이의 신청"}
                  </label>
                  <textarea
                    id={`objection-${a.seminarId}`}
                    name="message"
                    required
                    maxLength={1000}
                    rows={3}
                    placeholder="예: 14:40까지 참석했는데 퇴장 기록이 11:30으로 되어 있습니다."
                    className="rounded-lg border border-slate-300 bg-white p-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                  />
                  <div className="flex justify-end">
                    <Button type="submit" size="sm" variant="secondary">
                      이의 신청 보내기
                    </Button>
                  </div>
                </form>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  이의 신청 기한이 지났습니다. 사무국의 확정을 기다리고 있습니다.
                </p>
              )}
            </div>
          ))}
        </div>
      ) : null}

      {attended.length ? (
        <div className="mt-6">
          <h3 className="font-bold text-slate-900">참석한 세미나</h3>
          <ul className="mt-2 divide-y divide-slate-200">
            {attended.map((a) => (
              <li
                key={a.seminarId}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
              >
                <div>
                  <p className="font-semibold text-slate-900">{a.title}</p>
                  <p className="text-sm text-slate-600">
                    {formatDate(a.date)} · 인정 {a.minutes}분 · {a.credits}점
                  </p>
                </div>
                {a.certificateCode ? (
                  <Button asChild size="sm" variant="secondary">
                    <a href={`/mypage/certificates/${a.seminarId}`} download>
                      <Download className="size-4" aria-hidden="true" /> 참석확인서
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
