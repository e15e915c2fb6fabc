import { useId } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A dashboard row action as a plain form in a disclosure: what an administrator gets before
 * JavaScript runs, or without it, in place of the dialog. It asks first, as the dialog
 * does, and posts to the dashboard at the current address, so the page that answers shows the
 * same tab, search and page, with the result above the tabs.
 */
export function DisclosedAction({
  label,
  variant,
  intent,
  id,
  question,
  reason,
}: {
  label: string;
  variant: "primary" | "secondaryDestructive";
  intent: string;
  id: string;
  question: string;
  /** A reason field: its form name, label, and whether it must be given. */
  reason?: { name: string; label: string; required: boolean };
}) {
  const { search } = useLocation();
  const reasonId = useId();
  return (
    <details className="relative">
      <Button asChild size="sm" variant={variant}>
        <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
          {label}
        </summary>
      </Button>
      <form
        method="post"
        action={`/admin/dashboard${search}`}
        className="absolute left-0 z-10 mt-2 grid w-72 gap-3 rounded-xl border border-slate-200 bg-white p-4 whitespace-normal shadow-lg md:right-0 md:left-auto"
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm text-slate-700">{question}</p>
        {reason ? (
          <>
            <label htmlFor={reasonId} className="text-sm font-semibold text-slate-800">
              {reason.label}
            </label>
            <textarea
              id={reasonId}
              name={reason.name}
              rows={3}
              maxLength={1000}
              required={reason.required}
              className="rounded-lg border border-slate-300 p-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </>
        ) : null}
        <Button type="submit" size="sm" variant={variant === "primary" ? "primary" : "destructive"}>
          {label}
        </Button>
      </form>
    </details>
  );
}
