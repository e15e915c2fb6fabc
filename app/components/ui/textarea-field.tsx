import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { FieldError, Label } from "./field";

export function TextareaField({
  id,
  label,
  required,
  error,
  className,
  ...props
}: ComponentProps<"textarea"> & { id: string; label: string; error?: string }) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-24 rounded-lg border border-slate-300 p-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-rose-600"
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  required,
  error,
  options,
  ...props
}: ComponentProps<"select"> & {
  id: string;
  label: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    // min-w-0: an option as long as a seminar's title must not widen the form past the screen.
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
