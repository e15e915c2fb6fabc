import { Download } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { inputClass, Label } from "~/components/ui/field";
import { cn } from "~/lib/cn";

/**
 * A personal-data export button that asks for the purpose first: a disclosure with a GET form to
 * `href` (its query string kept as hidden fields) and a required "purpose" field. Works without
 * JavaScript; the file downloads and the page stays. Pair with readExportPurpose on the server.
 */
export function ExportPurposeForm({
  href,
  label,
  example = "정기총회 회원 명부 확인",
  className,
}: {
  href: string;
  label: string;
  /** A purpose that fits this file, shown as the field's example. */
  example?: string;
  className?: string;
}) {
  const id = useId();
  const [path, query = ""] = href.split("?");
  const kept = [...new URLSearchParams(query)].filter(([name]) => name !== "purpose");
  return (
    <details className={cn("group relative", className)}>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <Download className="size-4" aria-hidden="true" /> {label}
      </summary>
      <form
        method="get"
        action={path}
        className="z-20 mt-2 grid w-[min(20rem,calc(100vw-2rem))] gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:right-0"
      >
        {kept.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <Label htmlFor={`${id}-purpose`} required>
          내려받는 목적
        </Label>
        <input
          id={`${id}-purpose`}
          name="purpose"
          required
          minLength={2}
          maxLength={200}
          // Two letters that are not spaces, as the server counts them: spaces alone would pass
          // minLength and come back from the server as a bare JSON refusal in a new page.
          pattern=".*\S.*\S.*"
          title="목적을 두 글자 이상 입력해주세요"
          placeholder={`예: ${example}`}
          className={inputClass}
        />
        <p className="text-sm text-slate-600">목적과 내려받은 행 수가 감사 기록에 남습니다.</p>
        <Button type="submit" size="sm">
          <Download className="size-4" aria-hidden="true" /> 내려받기
        </Button>
      </form>
    </details>
  );
}
