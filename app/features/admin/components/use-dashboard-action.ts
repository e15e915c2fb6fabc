import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { DashboardResult } from "../dashboard.server";

/**
 * Posts one dashboard action and shows its toast when the answer arrives; the page's data is
 * reloaded by React Router afterwards, so every table shows the change at once.
 */
export function useDashboardAction(onSuccess?: (result: DashboardResult) => void) {
  const fetcher = useFetcher<DashboardResult>();
  const handled = useRef<DashboardResult | undefined>(undefined);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    toast(result.toast);
    if (result.ok) callback.current?.(result);
  }, [fetcher.state, fetcher.data]);

  return {
    fetcher,
    pending: fetcher.state !== "idle",
    errors: fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {},
    run: (intent: string, values: Record<string, string>) =>
      fetcher.submit({ intent, ...values }, { method: "post", action: "/admin/dashboard" }),
  };
}
