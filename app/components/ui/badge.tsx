import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const tones = {
  neutral: "bg-slate-100 text-slate-700",
  brand: "bg-brand-50 text-brand-700",
  green: "bg-emerald-50 text-emerald-800",
  yellow: "bg-amber-50 text-amber-800",
  red: "bg-rose-50 text-rose-800",
  violet: "bg-violet-50 text-violet-800",
};

export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return <span className={cn("badge", tones[tone], className)} {...props} />;
}
