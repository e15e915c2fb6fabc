import { AlertDialog as Primitive } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "~/lib/cn";
import { Button } from "./button";
import { MODAL_PLACEMENT } from "./modal-placement";

/**
 * A confirm prompt ("are you sure?") with cancel and confirm buttons. Opened by its `trigger`, or
 * controlled (`open`, `onOpenChange`); `children` go between the description and the buttons (a
 * field the confirmation needs), and `confirmDisabled` holds the confirm button until it is filled.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "확인",
  // "취소" beside "신청 취소" reads as the same act: such a dialog is closed with 닫기.
  cancelLabel = confirmLabel.includes("취소") ? "닫기" : "취소",
  confirmVariant,
  confirmDisabled,
  onConfirm,
}: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmVariant?: "destructive";
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  // Opened by state (ConfirmForm's submit button), Radix has no trigger to give the focus back to:
  // the element focused when it opened gets it back on close, as in dialog.tsx.
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opener.current && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  const returnFocus = (event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (trigger || !element?.isConnected || element === document.body) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Primitive.Trigger asChild>{trigger}</Primitive.Trigger> : null}
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Primitive.Content
          onCloseAutoFocus={returnFocus}
          className={cn(MODAL_PLACEMENT, "max-w-md rounded-2xl bg-white p-6 shadow-xl")}
        >
          <Primitive.Title className="text-lg font-bold text-slate-900">{title}</Primitive.Title>
          <Primitive.Description asChild>
            <div className="mt-3 text-base leading-7 text-slate-600">{description}</div>
          </Primitive.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-2">
            <Primitive.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </Primitive.Cancel>
            <Primitive.Action asChild>
              <Button variant={confirmVariant} disabled={confirmDisabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
