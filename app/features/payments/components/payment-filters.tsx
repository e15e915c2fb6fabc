import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { PAYMENT_STATUS_LABELS, type PaymentListQuery, PURPOSE_LABELS } from "../validation";

const label = "text-sm font-semibold text-slate-800";

function Select({
  name,
  title,
  value,
  options,
}: {
  name: string;
  title: string;
  value: string | undefined;
  options: Record<string, string>;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={`payments-${name}`} className={label}>
        {title}
      </label>
      <select id={`payments-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">전체</option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The office's payment search as a GET form: every choice lands in the URL (bookmarkable, the
 * back button works, no JavaScript needed), and the CSV export takes the same filters.
 */
export function PaymentFilters({ query }: { query: PaymentListQuery }) {
  const filtered = Boolean(query.purpose || query.status || query.q);
  return (
    <Form method="get" role="search" aria-label="결제 검색" className="grid gap-4">
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor="payments-q" className={label}>
          검색어
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="payments-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            maxLength={100}
            placeholder="회원 이름, 결제 내용, 결제번호, 거래번호"
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Select name="purpose" title="구분" value={query.purpose} options={PURPOSE_LABELS} />
        <Select name="status" title="상태" value={query.status} options={PAYMENT_STATUS_LABELS} />
        <div className="col-span-2 flex gap-2 sm:col-span-1">
          <Button type="submit" className="flex-1 sm:flex-none">
            검색
          </Button>
          {filtered ? (
            <Button asChild variant="secondary" className="flex-1 sm:flex-none">
              <Link to="/admin/payments">초기화</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
