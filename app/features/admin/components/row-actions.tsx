import { Pencil, Trash2 } from "lucide-react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";

/** The edit and delete buttons of a content row; deleting asks first ("정말 삭제하시겠습니까?"). */
export function EditDeleteActions({
  name,
  onEdit,
  deleteTitle,
  deleteDescription,
  onDelete,
}: {
  /** What the row is called, for the buttons' accessible names. */
  name: string;
  onEdit: () => void;
  deleteTitle: string;
  deleteDescription: string;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${name} 수정`}>
        <Pencil className="size-4" aria-hidden="true" /> 수정
      </Button>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondaryDestructive" aria-label={`${name} 삭제`}>
            <Trash2 className="size-4" aria-hidden="true" /> 삭제
          </Button>
        }
        title={deleteTitle}
        description={deleteDescription}
        confirmLabel="삭제"
        onConfirm={onDelete}
      />
    </>
  );
}
