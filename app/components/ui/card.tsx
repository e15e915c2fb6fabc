import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// The border and background colours come from `tone`: `cn()` does not resolve conflicting
// utilities, so a caller's className must not set them (padding, layout and margins are fine).
const tones = {
  default: "border-slate-200 bg-white",
  /** A card about an irreversible action (withdrawal, access refused). */
  danger: "border-rose-200 bg-white",
  /** A card set back from the page (supporting information). */
  muted: "border-slate-200 bg-slate-50",
};

export function Card({
  tone = "default",
  className,
  ...props
}: ComponentProps<"div"> & { tone?: keyof typeof tones }) {
  return <div className={cn("rounded-2xl border shadow-sm", tones[tone], className)} {...props} />;
}
