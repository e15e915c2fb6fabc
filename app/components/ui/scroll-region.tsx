import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A wide table's box that scrolls sideways on a phone. It takes the focus, so a keyboard can
 * scroll it too when nothing inside can be focused (axe: scrollable-region-focusable), and is
 * named after its table.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      className={cn(
        "overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500",
        className,
      )}
    >
      {children}
    </section>
  );
}
