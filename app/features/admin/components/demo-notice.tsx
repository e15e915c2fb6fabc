import { formatDate } from "~/lib/dates";

/**
 * On every administrator page of a site `npm start` filled with the demo society: the members,
 * dues, seminars and posts are examples, and a real society starts on a new database. One line
 * (on a phone the first sentence alone, so the page's own first screen stays in sight); the rest
 * opens under it.
 */
export function DemoNotice({ seededAt }: { seededAt: Date | string }) {
  return (
    <aside
      aria-label="데모 데이터 안내"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <details className="group mx-auto max-w-6xl px-4 sm:px-6">
        <summary className="flex cursor-pointer list-none items-center gap-2 py-1.5 text-sm font-bold [&::-webkit-details-marker]:hidden">
          <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs leading-none">데모</span>
          <span>
            데모 데이터로 채워진 사이트입니다.
            <span className="hidden sm:inline"> 실제 운영은 새 데이터베이스로 시작하세요.</span>
          </span>
          <span className="ml-auto shrink-0 text-xs font-semibold text-amber-800 underline underline-offset-2">
            <span className="group-open:hidden">자세히</span>
            <span className="hidden group-open:inline">접기</span>
          </span>
        </summary>
        <div className="space-y-1 pb-3 text-sm text-amber-900">
          <p className="font-semibold sm:hidden">실제 운영은 새 데이터베이스로 시작하세요.</p>
          <p>
            {formatDate(seededAt)}에 만든 예시 회원·회비·세미나·게시글·자료입니다. 회원 목록에서
            ‘데모’ 표시가 붙은 회원은 실제 회원이 아닙니다.
          </p>
          <p>
            새로 시작하는 방법은 운영 안내서(docs/operations.md)의 ‘데모 학회’ 항목에 있습니다: 새
            DATA_DIR로 시작하거나 SEED_DEMO=0을 설정하세요.
          </p>
        </div>
      </details>
    </aside>
  );
}
