import { DOCUMENT_ACCEPT } from "../document-types";

/**
 * The document file control of the library's and the notices' forms: the native input, hidden
 * but focusable, behind a Korean button (the native control's text follows the browser's
 * language). The server judges the content; `accept` is a hint to the picker.
 */
export function DocumentPicker({
  id,
  label,
  multiple,
  disabled,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={DOCUMENT_ACCEPT}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-slate-50"
      >
        {label}
      </label>
    </>
  );
}
