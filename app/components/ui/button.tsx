import { Children, type ComponentProps, cloneElement, type ReactElement } from "react";
import { cn } from "~/lib/cn";

// Each variant sets its own colours in full: `cn()` does not resolve conflicting utilities, so a
// caller's className must not restyle a variant (add a variant instead).
const variants = {
  primary:
    "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  /** An irreversible action (reject, withdraw): the primary button in rose. */
  destructive:
    "bg-rose-700 text-white hover:bg-rose-800 disabled:bg-slate-300 disabled:text-slate-600",
  /** A destructive action among secondary ones (a table row's reject or delete). */
  secondaryDestructive:
    "border border-slate-300 bg-white text-rose-700 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100",
  accent: "bg-accent-600 text-white hover:bg-accent-500",
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
  /** An outlined button on a dark (brand) background. */
  inverseOutline:
    "border border-white/40 bg-transparent text-white hover:bg-white/10 disabled:bg-slate-300 disabled:text-slate-600",
};
const sizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-base",
  lg: "h-12 px-6 text-base",
};

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /**
   * Renders the single child element (a link) with the button's look instead of a <button>. As
   * with Radix Slot, the child's own props win, the button's other props are added to it, and its
   * className comes after the button's. (No Slot here: it would put 1 KB of gzip JavaScript on
   * every page for links in the header.)
   */
  asChild?: boolean;
};

export function Button({
  variant = "primary",
  size = "md",
  asChild = false,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    className,
  );
  if (asChild) {
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    return cloneElement(child, {
      ...props,
      ...child.props,
      className: cn(classes, child.props.className),
    });
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
