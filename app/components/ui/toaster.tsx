import { type ComponentType, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/root-data";
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

/** The flash a redirect handed to this page (lib/flash.server.ts), as the root loader read it. */
function useFlash() {
  return useRouteLoaderData<RootData>("root")?.flash ?? null;
}

/**
 * The flash as a status message in the page's HTML, for a browser without JavaScript (or before
 * it runs). Once the page runs, the toaster shows the same message as a toast instead, so it is
 * never on the screen twice.
 */
export function FlashStatus() {
  const flash = useFlash();
  // True in the server's HTML and while React hydrates it, false from then on: a flash that
  // comes with a client-side navigation is the toaster's alone. (Not useHydrated: its chunk
  // would count against the home page's JavaScript budget.)
  const [drawn, setDrawn] = useState(true);
  useEffect(() => setDrawn(false), []);
  if (!flash || !drawn) return null;
  return (
    <div className="site-flash">
      <p role="status" data-flash={flash.variant ?? "default"}>
        <strong>{flash.title}</strong>
        {flash.description ? ` · ${flash.description}` : null}
      </p>
    </div>
  );
}

/**
 * Always mounted in the root: listens to the toast store and to the flash each page is handed,
 * and renders the Radix toast once it has been loaded for a first message. It stays mounted
 * after that.
 */
export function Toaster() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const [View, setView] = useState<ToastViewComponent | null>(null);
  const flash = useFlash();
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
  // A flash is new data from the root loader, which spent its cookie: each one is shown once,
  // whether it came with the page's HTML or with a client-side navigation's data.
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);

  return View ? <View message={message} /> : null;
}
