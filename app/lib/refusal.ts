// A page action's refusal, as every page action answers it (lib/page-action.server.ts) and every
// page reads it (useRefusal): the intent it answers, the HTTP status, the message above the form,
// each field's messages beside it, and Conform's reply for forms that use Conform.
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useActionData } from "react-router";
import { type ToastMessage, toast } from "./toast";

export type Refusal = {
  intent: string | null;
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
  result: SubmissionResult<string[]> | null;
  /** The toast the page shows for it, when the page action gives one (see its `toast` option). */
  toast?: RefusalToast;
};

/** A refusal's toast: a title, and the message or another line under it. */
export type RefusalToast = Omit<ToastMessage, "id" | "action">;

/** Shows the refusal's toast, once per answer (a page that told its refusals by toast before). */
export function useRefusalToast(refusal: Refusal | null) {
  useEffect(() => {
    if (refusal?.toast) toast(refusal.toast);
  }, [refusal]);
}

/** The message of a refusal no form reply carries (a refused body), for the form's error line. */
export function bodyMessage(refusal: Refusal | null): string | undefined {
  return refusal && !refusal.result ? refusal.message : undefined;
}

/**
 * The refusal of this page's last submission, or null. With `intent`, only a refusal of that
 * intent: a page with several forms shows each message beside its own form.
 */
export function useRefusal(intent?: string): Refusal | null {
  const answer = useActionData() as { refusal?: Refusal } | undefined;
  const refusal = answer?.refusal ?? null;
  if (!refusal || (intent !== undefined && refusal.intent !== intent)) return null;
  return refusal;
}

/** The first message of `field` in a refusal, for a field's error line. */
export function fieldMessage(refusal: Refusal | null, field: string): string | undefined {
  return refusal?.fieldErrors[field]?.[0];
}

/** What was sent in `field` before the refusal, to fill the field again (Conform's reply). */
export function submittedValue(refusal: Refusal | null, field: string): string | undefined {
  const value = (refusal?.result?.initialValue as Record<string, unknown> | null | undefined)?.[
    field
  ];
  return typeof value === "string" ? value : undefined;
}
