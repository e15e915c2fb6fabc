import { Toast } from "radix-ui";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn";
import { dismissToast, type ToastMessage } from "~/lib/toast";
import { X } from "./icons";

export const TOAST_DURATION_MS = 5000;

/**
 * The Radix part of the toaster: provider, the toast and its viewport (F8). It is its own chunk,
 * loaded by `Toaster` the first time there is a toast to show, and stays mounted after that.
 */
export default function ToastView({ message }: { message: ToastMessage | null }) {
  const viewport = useRef<HTMLOListElement>(null);
  // The dialogs keep clear of the toast area's height (MODAL_PLACEMENT); it is 0 when empty.
  useEffect(() => {
    const area = viewport.current;
    if (!area) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--toast-space", `${area.offsetHeight}px`),
    );
    observer.observe(area);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-space");
    };
  }, []);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="알림"
    >
      {message ? (
        <Toast.Root
          key={message.id}
          defaultOpen
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          className={cn(
            "relative grid gap-1 rounded-xl border p-4 pr-10 shadow-lg data-[swipe=end]:animate-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            message.variant === "destructive"
              ? "border-rose-700 bg-rose-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <Toast.Title className="text-base font-semibold">{message.title}</Toast.Title>
          {message.description ? (
            <Toast.Description className="text-sm opacity-90">
              {message.description}
            </Toast.Description>
          ) : null}
          {message.action ? (
            <Toast.Action
              altText={message.action.label}
              onClick={message.action.onClick}
              className="mt-2 inline-flex h-8 w-fit items-center rounded-md border border-current px-3 text-sm font-medium"
            >
              {message.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="닫기"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        ref={viewport}
        label="알림 ({hotkey})"
        className="fixed top-0 right-0 z-[100] flex w-full flex-col gap-2 outline-none has-[li]:p-4 md:top-auto md:bottom-0 md:max-w-[420px] modal-open:top-0 modal-open:bottom-auto"
      />
    </Toast.Provider>
  );
}
