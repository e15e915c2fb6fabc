import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { subscribeToasts, type ToastMessage, toast } from "~/lib/toast";

type ToastViewComponent = ComponentType<{ message: ToastMessage | null }>;

// The Radix toast (with its Presence, DismissableLayer, Portal and icon) is ≈ 12 KB of gzip
// JavaScript that most visits never use: it is imported the first time there is a toast to show.
// A plain dynamic import rather than React.lazy: a Suspense boundary holds back what it reveals
// for 300 ms after showing its fallback, which would delay that first toast for nothing.
let toastView: Promise<ToastViewComponent> | undefined;
function loadToastView() {
  toastView ??= import("./toast-view").then(
    (module) => module.default,
    (error) => {
      toastView = undefined; // try again with the next toast
      throw error;
    },
  );
  return toastView;
}

/**
 * Always mounted in the root: listens to the toast store and to the flash cookie, and renders the
 * Radix toast once it has been loaded for a first message. It stays mounted after that.
 */
export function Toaster() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const [View, setView] = useState<ToastViewComponent | null>(null);
  const location = useLocation();
  useEffect(
    () =>
      subscribeToasts((next) => {
        setMessage(next);
        if (next) {
          loadToastView().then(
            (component) => setView(() => component),
            () => {}, // not loaded (a dropped connection, a replaced deploy): this toast is skipped
          );
        }
      }),
    [],
  );
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

  return View ? <View message={message} /> : null;
}
