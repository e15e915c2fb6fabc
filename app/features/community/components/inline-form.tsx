import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { cn } from "~/lib/cn";

const summaryClass =
  "inline-flex h-9 cursor-pointer list-none items-center rounded-lg px-3 text-sm font-semibold [&::-webkit-details-marker]:hidden";

/**
 * A small action behind a disclosure (report with a reason, delete after a second look): a
 * <details> element with a form inside, so it works before and without JavaScript, with no
 * dialog to trap focus on a phone.
 */
export function InlineAction({
  label,
  intent,
  kind,
  id,
  tone = "neutral",
  confirm,
  children,
  submitLabel,
}: {
  label: string;
  intent: string;
  kind?: "posts" | "comments";
  id?: string;
  tone?: "neutral" | "danger";
  /** The question shown above the button (delete). */
  confirm?: string;
  /** Extra fields (a reason). */
  children?: ReactNode;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <details className="group relative open:w-full sm:open:w-auto">
      <summary
        className={cn(
          summaryClass,
          tone === "danger"
            ? "text-rose-700 hover:bg-rose-50"
            : "text-slate-700 hover:bg-slate-100",
        )}
      >
        {label}
      </summary>
      <Form
        method="post"
        className="mt-2 grid w-72 max-w-[calc(100vw-3rem)] gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:right-0 sm:z-10"
        onSubmit={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
      >
        <input type="hidden" name="intent" value={intent} />
        {kind ? <input type="hidden" name="kind" value={kind} /> : null}
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {confirm ? <p className="text-sm text-slate-700">{confirm}</p> : null}
        {children}
        <button
          type="submit"
          disabled={busy}
          className={cn(
            "inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-semibold text-white disabled:bg-slate-300",
            tone === "danger" ? "bg-rose-700 hover:bg-rose-800" : "bg-brand-700 hover:bg-brand-800",
          )}
        >
          {submitLabel}
        </button>
      </Form>
    </details>
  );
}

/** The reason field of a report or a hide. */
export function ReasonField({ id, label }: { id: string; label: string }) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        required
        aria-required="true"
        maxLength={500}
        rows={3}
        // 16 px: a smaller field makes iOS Safari zoom the page in when it is tapped.
        className="rounded-lg border border-slate-300 p-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
    </>
  );
}
