import { formatDate } from "~/lib/dates";

/**
 * On every administrator page of a site `npm start` filled with the demo society: the members,
 * dues, seminars and posts are examples, and a real society starts on a new database.
 */
export function DemoNotice({ seededAt }: { seededAt: Date | string }) {
  return (
    <aside
      aria-label="데모 데이터 안내"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto max-w-6xl px-4 py-3 text-[15px] sm:px-6">
        <p className="font-bold">
          데모 데이터로 채워진 사이트입니다. 실제 운영은 새 데이터베이스로 시작하세요.
        </p>
        <p className="mt-1 text-sm text-amber-900">
          {formatDate(seededAt)}에 만든 예시 회원·회비·세미나·게시글·자료이며, 회원 목록에서 ‘데모’
          표시가 붙은 회원은 실제 회원이 아닙니다. 새로 시작하는 방법은 운영 안내서
          (docs/operations.md)의 ‘데모 학회’ 항목에 있습니다: 새 DATA_DIR로 시작하거나 SEED_DEMO=0을
          설정하세요.
        </p>
      </div>
    </aside>
  );
}
