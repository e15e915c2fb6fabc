import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Refusal } from "~/lib/refusal";
import { toast } from "~/lib/toast";
import { failureTitle } from "../dashboard-intents";

/**
 * Posts one dashboard action to the page as it is (its tab, search and page), so the redirect
 * after a success comes back to the same list, with the toast the server handed over. A refusal
 * stays: its toast here, its field messages in `errors`.
 */
export function useDashboardAction(onSuccess?: () => void) {
  const fetcher = useFetcher<{ refusal?: Refusal }>();
  const location = useLocation();
  const target = location.pathname + location.search;
  // The answer before this submission: the same object afterwards means a redirect (a success).
  const before = useRef<{ refusal?: Refusal } | undefined>(undefined);
  const sent = useRef(false);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(watchFocus, []);

  useEffect(() => {
    if (fetcher.state === "submitting" && !sent.current) {
      sent.current = true;
      before.current = fetcher.data;
      return;
    }
    if (fetcher.state !== "idle" || !sent.current) return;
    sent.current = false;
    const refusal = fetcher.data !== before.current ? fetcher.data?.refusal : undefined;
    if (refusal) {
      toast({
        title: failureTitle(refusal.intent),
        description: refusal.message,
        variant: "destructive",
      });
    } else {
      callback.current?.();
      // A row that left the list (approved, rejected, deleted) took the focus with it, and a
      // dialog gives it back to a button that is gone: the list's heading takes it, so keyboard
      // and screen reader users go on from the list, not from the top of the page. After the
      // dialog's own return of the focus, which waits a tick.
      window.setTimeout(focusListIfLost, 50);
    }
  }, [fetcher.state, fetcher.data]);

  const refusal = fetcher.state === "idle" ? fetcher.data?.refusal : undefined;
  return {
    fetcher,
    /** Where the forms post: this page, as it is. */
    target,
    pending: fetcher.state !== "idle",
    errors: Object.fromEntries(
      Object.entries(refusal?.fieldErrors ?? {}).map(([name, messages]) => [name, messages[0]]),
    ) as Record<string, string | undefined>,
    run: (intent: string, values: Record<string, string>) =>
      fetcher.submit(
        { intent, ...values },
        { method: "post", action: target, preventScrollReset: true },
      ),
  };
}

/** The list (a titled section of the page) that last had the focus: a row's button, a search. */
let lastList: Element | null = null;
let watching = false;

function watchFocus() {
  if (watching) return;
  watching = true;
  document.addEventListener("focusin", (event) => {
    const list = (event.target as Element | null)?.closest?.("main section[aria-labelledby]");
    if (list) lastList = list;
  });
}

function focusListIfLost() {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const heading = lastList?.isConnected ? lastList.querySelector<HTMLElement>("h2") : null;
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
