import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import { REJECTION_REASON_REQUIRED } from "~/features/membership/validation";
import { toast } from "~/lib/toast";
import { useDashboardAction } from "./use-dashboard-action";

/**
 * Refuses a sign-up or an application with its reason (required), which the mail and the text
 * quote. The 거부 button stays reachable (a disabled one is skipped by Tab and says nothing): a
 * blank reason is refused at its field, which takes the focus, as the dialog's first stop does.
 */
export function RejectReasonDialog({
  open,
  title,
  description,
  label,
  intent,
  fields,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string | undefined;
  label: string;
  /** The dashboard action that rejects, and its fields for the reason given. */
  intent: string;
  fields: (reason: string) => Record<string, string>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const action = useDashboardAction(() => {
    setReason("");
    setMissing(false);
    onClose();
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={description}
      initialFocus={field}
    >
      <form
        className="grid gap-3"
        // The blank reason is answered here, in the site's words, not by the browser's bubble.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === "") {
            setMissing(true);
            field.current?.focus();
            toast({
              title: "거부 사유 필요",
              description: REJECTION_REASON_REQUIRED,
              variant: "destructive",
            });
            return;
          }
          action.run(intent, fields(reason));
        }}
      >
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
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
          rows={4}
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
