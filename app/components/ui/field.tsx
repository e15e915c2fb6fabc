import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-rose-600 read-only:bg-slate-100 read-only:text-slate-600";

/** A labelled input with its error message; required fields get a visible mark too. */
export function Field({
  id,
  label,
  required,
  errors,
  hint,
  className,
  ...input
}: ComponentProps<"input"> & {
  id: string;
  label: string;
  errors?: string[];
  hint?: ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = errors?.[0];
  return (
    // min-w-0: in a narrow grid a date field's own minimum width must not push the form wider.
    <div className={cn("grid min-w-0 gap-1.5", className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={cn(message && errorId, hint && hintId) || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={message} />
    </div>
  );
}

export function Label({
  required,
  children,
  ...props
}: ComponentProps<"label"> & { required?: boolean }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is named by htmlFor
    <label className="text-sm font-semibold text-slate-800" {...props}>
      {children}
      {required ? (
        <span className="ml-0.5 text-rose-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-rose-700" role="alert">
      {message}
    </p>
  ) : null;
}

/** A form-level message (a server refusal not tied to one field), announced when it appears. */
export function FormError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800"
    >
      {message}
    </p>
  ) : null;
}
