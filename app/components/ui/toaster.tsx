import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { dismissToast, subscribeToasts, type ToastMessage, toast } from "~/lib/toast";

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const location = useLocation();
  useEffect(() => subscribeToasts(setMessage), []);
  // A toast handed over by the server across a redirect (see flash.server.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: look again after every navigation
  useEffect(() => {
    const match = document.cookie.match(/(?:^|;\s*)flash_toast=([^;]+)/);
    if (!match?.[1]) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some in-app browsers
    document.cookie = "flash_toast=; Path=/; Max-Age=0; SameSite=Lax";
    try {
      toast(JSON.parse(decodeURIComponent(match[1])));
    } catch {
      // A damaged cookie is dropped.
    }
  }, [location.key]);

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
          <Toast.Title className="text-[15px] font-semibold">{message.title}</Toast.Title>
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
        label="알림 ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
