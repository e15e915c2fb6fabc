import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import { type ReactNode, type RefObject, useRef } from "react";
import { cn } from "~/lib/cn";
import { MODAL_PLACEMENT } from "./modal-placement";

/** A modal dialog with a title, optional description, and a close button. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
  onCloseAutoFocus,
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** Radix's: where focus goes on close; call `event.preventDefault()` to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /** What takes the focus when it opens (else the first control, its 닫기 button). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  // Our dialogs are opened by state, not by a Radix trigger, and Radix gives the focus back to its
  // trigger only: the element that had the focus when the dialog opened (the button that opened
  // it) is noted here and gets the focus back on close, if it is still on the page.
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opener.current && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    const element = opener.current;
    opener.current = null;
    if (event.defaultPrevented || !element?.isConnected || element === document.body) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Primitive.Content
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className={cn(
            MODAL_PLACEMENT,
            "rounded-2xl bg-white p-6 shadow-xl",
            wide ? "max-w-3xl" : "max-w-lg",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Primitive.Title className="text-lg font-bold text-slate-900">{title}</Primitive.Title>
            <Primitive.Close
              aria-label="닫기"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </Primitive.Close>
          </div>
          {description ? (
            <Primitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </Primitive.Description>
          ) : (
            <Primitive.Description className="sr-only">{title}</Primitive.Description>
          )}
          <div className="mt-4">{children}</div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
