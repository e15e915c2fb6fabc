// The administrator's rich-text editor for announcement bodies (SPEC.md §2 toolbar, §5 link and
// image rules, §9 editor constants). A hidden input always holds the current HTML, so a plain
// <form> submits it. Loaded with React.lazy from the dashboard, hence the default export.
import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { EditorToolbar } from "./editor-toolbar";

type Props = {
  /** The hidden form field that always holds the current HTML. */
  name: string;
  /** Initial HTML. */
  defaultValue?: string;
  /** Accessible name of the editing area. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  onChange?: (html: string) => void;
};

/** SPEC.md §9: the editing area is at least 200 px high. */
const EDITOR_MIN_HEIGHT_CLASS = "min-h-[200px]";

/** The editor's empty document is "<p></p>"; the form should submit an empty string instead. */
function normaliseHtml(html: string) {
  return html === "<p></p>" ? "" : html;
}

export default function RichTextEditor({
  name,
  defaultValue = "",
  label,
  invalid = false,
  describedBy,
  onChange,
}: Props) {
  const [html, setHtml] = useState(() => normaliseHtml(defaultValue));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const attributes = useMemo(
    () => editorAttributes({ label, invalid, describedBy }),
    [label, invalid, describedBy],
  );

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 500 },
        link: {
          openOnClick: false,
          autolink: true,
          HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow" },
        },
      }),
      TextAlign.configure({
        types: ["heading", "paragraph"],
        alignments: ["left", "center", "right", "justify"],
      }),
      TextStyle,
      Color,
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: defaultValue,
    // useEditor passes changed options (label, invalid, describedBy) on to the live editor.
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const next = normaliseHtml(current.getHTML());
      setHtml(next);
      onChangeRef.current?.(next);
    },
  });

  return (
    <div
      className={cn(
        "overflow-hidden rounded-lg border bg-white",
        invalid ? "border-rose-600" : "border-slate-300",
      )}
    >
      <input type="hidden" name={name} value={html} />
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
      {editor ? null : (
        // Until the editor mounts on the client, show the same-sized area so the form does not jump.
        <div
          aria-hidden="true"
          className={cn("prose-content px-4 py-3 text-slate-400", EDITOR_MIN_HEIGHT_CLASS)}
        >
          편집기를 불러오는 중...
        </div>
      )}
    </div>
  );
}

function editorAttributes({
  label,
  invalid,
  describedBy,
}: {
  label: string;
  invalid: boolean;
  describedBy?: string;
}): Record<string, string> {
  const attributes: Record<string, string> = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-label": label,
    class: cn(
      "prose-content max-w-none px-4 py-3 outline-none focus-visible:outline-none",
      "focus:ring-2 focus:ring-inset focus:ring-brand-500",
      EDITOR_MIN_HEIGHT_CLASS,
    ),
  };
  if (invalid) attributes["aria-invalid"] = "true";
  if (describedBy) attributes["aria-describedby"] = describedBy;
  return attributes;
}
