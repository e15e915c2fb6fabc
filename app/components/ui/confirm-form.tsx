import { type ComponentProps, type ReactNode, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { useFocusOnRefusal } from "~/lib/focus-refusal";
import { ConfirmDialog } from "./alert-dialog";

/**
 * A form whose submission is confirmed first, in a dialog that says what will happen (issue 39:
 * irreversible actions). Its submit button opens the dialog; 확인 submits the form as it is.
 * Without JavaScript the form submits at once, as every form here does. `fields(formId)` renders
 * inputs inside the dialog that belong to the form (`form={formId}`), such as a reason.
 */
export function ConfirmForm({
  title,
  description,
  confirmLabel,
  destructive,
  confirmDisabled,
  fields,
  refusedAnyway,
  children,
  ...props
}: Omit<ComponentProps<typeof Form>, "onSubmit" | "id" | "title"> & {
  title: string;
  /** Or drawn from the form as it is sent, so the dialog can name what was typed. */
  description: ReactNode | ((form: FormData) => ReactNode);
  confirmLabel: string;
  destructive?: boolean;
  confirmDisabled?: boolean;
  fields?: (formId: string) => ReactNode;
  /** Values the server is sure to refuse (a refund above what is left): sent unconfirmed, so the
   * dialog never asks to confirm what cannot happen, and the refusal names the field. */
  refusedAnyway?: (form: FormData) => boolean;
}) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<FormData | null>(null);
  useFocusOnRefusal(form);
  return (
    <>
      <Form
        {...props}
        id={formId}
        ref={form}
        onSubmit={(event) => {
          if (confirmed.current) {
            confirmed.current = false;
            return;
          }
          // A form missing what it requires is sent as it is: the server refuses it with each
          // field's message, and nothing was confirmed for nothing.
          if (!event.currentTarget.checkValidity()) return;
          if (refusedAnyway?.(new FormData(event.currentTarget))) return;
          event.preventDefault();
          setSent(new FormData(event.currentTarget));
          setOpen(true);
        }}
      >
        {children}
      </Form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={
          typeof description === "function" ? description(sent ?? new FormData()) : description
        }
        confirmLabel={confirmLabel}
        confirmVariant={destructive ? "destructive" : undefined}
        confirmDisabled={confirmDisabled}
        onConfirm={() => {
          confirmed.current = true;
          form.current?.requestSubmit();
          // The submit event ran inside requestSubmit (or the browser refused the form's values).
          confirmed.current = false;
        }}
      >
        {fields?.(formId)}
      </ConfirmDialog>
    </>
  );
}
