// A tiny toast store: any component calls toast(...); the Toaster in the root shows one at a time
// (SPEC.md §9: one toast, 5000 ms).
export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: { label: string; onClick: () => void };
};

/** A toast the server hands to the next page across a redirect (flash.server.ts). */
export type FlashToast = Omit<ToastMessage, "id" | "action">;

type Listener = (toast: ToastMessage | null) => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export function toast(message: Omit<ToastMessage, "id">) {
  current = { ...message, id: nextId++ };
  for (const listener of listeners) listener(current);
  return current.id;
}

export function dismissToast() {
  current = null;
  for (const listener of listeners) listener(null);
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
