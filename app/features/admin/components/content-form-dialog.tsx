import { type ReactNode, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useDashboardAction } from "./use-dashboard-action";

/** A field's server message in the shape <Field errors> takes. */
export type FieldErrors = (name: string) => string[] | undefined;

/** What a save that cannot be taken back asks first (issue 39), in the office's words. */
export type Confirmation = { title: string; description: string; confirmLabel: string };

/**
 * The create/edit dialog of a content tab: posts `intent` (and `id` when editing) with the fields
 * to the dashboard's action, shows the server's Korean messages beside the fields, and closes on
 * success.
 */
export function ContentFormDialog({
  title,
  intent,
  id,
  wide = false,
  ready = true,
  onClose,
  confirm,
  children,
}: {
  title: string;
  intent: string;
  /** The row being edited; none when creating. */
  id?: string;
  wide?: boolean;
  /** False while the row being edited is still loading: nothing can be saved yet. */
  ready?: boolean;
  onClose: () => void;
  /** A question for the form as it is sent, or null to save at once. */
  confirm?: (form: FormData) => Confirmation | null;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const action = useDashboardAction(onClose);
  const errors: FieldErrors = (name) => (action.errors[name] ? [action.errors[name]] : undefined);
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} wide={wide}>
      <action.fetcher.Form
        ref={form}
        method="post"
        action={action.target}
        preventScrollReset
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          if (confirmed.current || !confirm) return;
          const question = confirm(new FormData(event.currentTarget));
          if (!question) return;
          event.preventDefault();
          setAsking(question);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {children(errors)}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            취소
          </Button>
          <Button type="submit" disabled={action.pending || !ready}>
            {action.pending ? "저장 중..." : id ? "수정" : "등록"}
          </Button>
        </div>
      </action.fetcher.Form>
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={asking.title}
          description={asking.description}
          confirmLabel={asking.confirmLabel}
          confirmVariant="destructive"
          onConfirm={() => {
            setAsking(null);
            confirmed.current = true;
            form.current?.requestSubmit();
            confirmed.current = false;
          }}
        />
      ) : null}
    </Dialog>
  );
}
