import type { ReactNode } from "react";

// The Lucide icons (https://lucide.dev, ISC licence) of the header and the home page, written out
// as SVG: lucide-react's icon factory alone would add 1.5 KB of gzip JavaScript to the home page.
// The home page's own icons are in home-icons.tsx, so that only the home page loads them. They are
// decorative, so always hidden from assistive technology; the control or text next to them carries
// the name. Everywhere else, use lucide-react.

export type IconProps = { className?: string; "aria-hidden"?: true | "true" };

export function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function Menu({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </Svg>
  );
}

export function X({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </Svg>
  );
}

export function ChevronDown({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}
