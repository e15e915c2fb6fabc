import { type Editor, useEditorState } from "@tiptap/react";
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Loader2,
  type LucideIcon,
  Palette,
  Redo2,
  Underline as UnderlineIcon,
  Undo2,
} from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { inputClass } from "~/components/ui/field";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { uploadErrorMessage, uploadErrorTitle, uploadFile } from "~/features/uploads/upload-file";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";

const DEFAULT_TEXT_COLOR = "#334155"; // slate-700, the body text colour of .prose-content

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  heading1: boolean;
  heading2: boolean;
  bulletList: boolean;
  orderedList: boolean;
  alignLeft: boolean;
  alignCenter: boolean;
  alignRight: boolean;
  link: boolean;
  color: string;
  canUndo: boolean;
  canRedo: boolean;
};

function readToolbarState(editor: Editor): ToolbarState {
  const color = editor.getAttributes("textStyle").color;
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    heading1: editor.isActive("heading", { level: 1 }),
    heading2: editor.isActive("heading", { level: 2 }),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    alignLeft: editor.isActive({ textAlign: "left" }),
    alignCenter: editor.isActive({ textAlign: "center" }),
    alignRight: editor.isActive({ textAlign: "right" }),
    link: editor.isActive("link"),
    color: typeof color === "string" ? toHexColor(color) : DEFAULT_TEXT_COLOR,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** <input type="color"> only accepts #rrggbb; anything else shows the default text colour. */
function toHexColor(color: string) {
  const value = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]]
      .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, "0"))
      .join("")}`;
  }
  return DEFAULT_TEXT_COLOR;
}

export function EditorToolbar({ editor }: { editor: Editor | null }) {
  const colorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? readToolbarState(current) : null),
  });
  const disabled = !editor || !state;

  // The link's address is asked in the site's own dialog, not window.prompt.
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  function openLinkDialog() {
    if (!editor) return;
    const previous = editor.getAttributes("link").href;
    setLinkError(null);
    setLinkDraft(typeof previous === "string" ? previous : "");
  }

  function applyLink() {
    if (!editor || linkDraft === null) return;
    const url = linkDraft.trim();
    if (url === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      setLinkDraft(null);
      return;
    }
    if (!/^https?:\/\//i.test(url)) {
      const message = "링크는 http:// 또는 https://로 시작해야 합니다";
      setLinkError(message);
      // SPEC.md §8's toast, beside the message under the field.
      toast({ title: "잘못된 URL", description: message, variant: "destructive" });
      return;
    }
    setLinkDraft(null);
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: insert the address itself as the link text.
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  }

  async function uploadImage(file: File) {
    if (!editor) return;
    // SPEC.md §5: the editor image upload checks only the size in the browser.
    if (file.size > MAX_IMAGE_BYTES) {
      toast({
        title: UPLOAD_MESSAGES.tooLargeTitle,
        description: UPLOAD_MESSAGES.tooLarge,
        variant: "destructive",
      });
      return;
    }
    setUploading(true);
    try {
      const objectPath = await uploadFile(file, "/api/objects/upload");
      if (editor.isDestroyed) return;
      editor.chain().focus().setImage({ src: objectPath }).run();
      toast({ title: UPLOAD_MESSAGES.doneTitle, description: "이미지가 업로드되었습니다." });
    } catch (error) {
      const message = uploadErrorMessage(error);
      toast({ title: uploadErrorTitle(message), description: message, variant: "destructive" });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  // Arrow keys, Home and End move between the toolbar's controls (Tab reaches each one as well).
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const controls = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>("[data-toolbar-control]:not(:disabled)"),
    );
    const index = controls.indexOf(document.activeElement as HTMLElement);
    if (index === -1 || controls.length === 0) return;
    event.preventDefault();
    let next = index;
    if (event.key === "ArrowLeft") next = (index - 1 + controls.length) % controls.length;
    else if (event.key === "ArrowRight") next = (index + 1) % controls.length;
    else if (event.key === "Home") next = 0;
    else next = controls.length - 1;
    controls[next]?.focus();
  }

  return (
    <>
      <div
        role="toolbar"
        aria-label="서식 도구"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
      >
        <ToolGroup>
          <ToolButton
            label="굵게"
            icon={Bold}
            pressed={state?.bold ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleBold().run()}
          />
          <ToolButton
            label="기울임"
            icon={Italic}
            pressed={state?.italic ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleItalic().run()}
          />
          <ToolButton
            label="밑줄"
            icon={UnderlineIcon}
            pressed={state?.underline ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleUnderline().run()}
          />
        </ToolGroup>
        <ToolGroup>
          <ToolButton
            label="제목 1"
            icon={Heading1}
            pressed={state?.heading1 ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 1 }).run()}
          />
          <ToolButton
            label="제목 2"
            icon={Heading2}
            pressed={state?.heading2 ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
          />
        </ToolGroup>
        <ToolGroup>
          <ToolButton
            label="글머리 기호 목록"
            icon={List}
            pressed={state?.bulletList ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleBulletList().run()}
          />
          <ToolButton
            label="번호 목록"
            icon={ListOrdered}
            pressed={state?.orderedList ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().toggleOrderedList().run()}
          />
        </ToolGroup>
        <ToolGroup>
          <ToolButton
            label="왼쪽 정렬"
            icon={AlignLeft}
            pressed={state?.alignLeft ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().setTextAlign("left").run()}
          />
          <ToolButton
            label="가운데 정렬"
            icon={AlignCenter}
            pressed={state?.alignCenter ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().setTextAlign("center").run()}
          />
          <ToolButton
            label="오른쪽 정렬"
            icon={AlignRight}
            pressed={state?.alignRight ?? false}
            disabled={disabled}
            onClick={() => editor?.chain().focus().setTextAlign("right").run()}
          />
        </ToolGroup>
        <ToolGroup>
          <label
            htmlFor={colorId}
            title="글자 색"
            className={cn(
              "relative inline-flex size-10 items-center justify-center rounded-md text-slate-700",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
              disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer hover:bg-slate-200",
            )}
          >
            <Palette className="size-5" aria-hidden="true" />
            <span
              aria-hidden="true"
              className="absolute inset-x-2.5 bottom-1.5 h-1 rounded-full"
              style={{ backgroundColor: state?.color ?? DEFAULT_TEXT_COLOR }}
            />
            <input
              id={colorId}
              data-toolbar-control=""
              type="color"
              aria-label="글자 색"
              value={state?.color ?? DEFAULT_TEXT_COLOR}
              disabled={disabled}
              // The selection stays in the editor's state while the picker is open, so the colour
              // applies to it without taking focus away from the picker.
              onChange={(event) => editor?.chain().setColor(event.target.value).run()}
              className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
          </label>
          <ToolButton
            label="링크"
            icon={LinkIcon}
            pressed={state?.link ?? false}
            disabled={disabled}
            onClick={openLinkDialog}
          />
          <ToolButton
            label="이미지"
            icon={uploading ? Loader2 : ImagePlus}
            iconClassName={uploading ? "animate-spin" : undefined}
            disabled={disabled || uploading}
            busy={uploading}
            onClick={() => fileRef.current?.click()}
          />
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void uploadImage(file);
            }}
          />
        </ToolGroup>
        <ToolGroup last>
          <ToolButton
            label="실행 취소"
            icon={Undo2}
            disabled={disabled || !state?.canUndo}
            onClick={() => editor?.chain().focus().undo().run()}
          />
          <ToolButton
            label="다시 실행"
            icon={Redo2}
            disabled={disabled || !state?.canRedo}
            onClick={() => editor?.chain().focus().redo().run()}
          />
        </ToolGroup>
      </div>
      <Dialog
        open={linkDraft !== null}
        onOpenChange={(open) => !open && setLinkDraft(null)}
        title="링크 넣기"
        // The editor takes the focus back (with the link applied), not the toolbar's button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          editor?.commands.focus();
        }}
        description="링크 주소를 입력하세요. 비워 두면 링크를 지웁니다."
      >
        {/* Not a <form>: the dialog sits inside the announcement's form in React's tree. */}
        <div className="grid gap-3">
          <label htmlFor={`${colorId}-link`} className="text-sm font-semibold text-slate-800">
            링크 주소
          </label>
          <input
            id={`${colorId}-link`}
            type="url"
            inputMode="url"
            value={linkDraft ?? ""}
            placeholder="https://"
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${colorId}-link-error` : undefined}
            onChange={(event) => setLinkDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyLink();
              }
            }}
            className={inputClass}
          />
          {linkError ? (
            <p id={`${colorId}-link-error`} className="text-sm text-rose-700">
              {linkError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setLinkDraft(null)}>
              취소
            </Button>
            <Button type="button" onClick={applyLink}>
              적용
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

function ToolGroup({ children, last = false }: { children: ReactNode; last?: boolean }) {
  return (
    <div className={cn("flex items-center gap-0.5", !last && "border-r border-slate-200 pr-1")}>
      {children}
    </div>
  );
}

function ToolButton({
  label,
  icon: Icon,
  iconClassName,
  pressed,
  disabled,
  busy,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
  /** Toggle buttons pass a boolean (rendered as aria-pressed); action buttons leave it out. */
  pressed?: boolean;
  disabled?: boolean;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-toolbar-control=""
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-busy={busy || undefined}
      disabled={disabled}
      // A mouse click leaves the focus (and the caret) in the text, as in a word processor, so
      // what is typed right after 굵게 is bold; the keyboard still reaches the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-200",
        "aria-pressed:bg-brand-100 aria-pressed:text-brand-800 aria-pressed:hover:bg-brand-200",
        "disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent",
      )}
    >
      <Icon className={cn("size-5", iconClassName)} aria-hidden="true" />
    </button>
  );
}
