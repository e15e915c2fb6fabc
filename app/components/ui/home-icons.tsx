import { type IconProps, Svg } from "./icons";

// The home page's Lucide icons as SVG (see icons.tsx).

export function ArrowRight({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M5 12h14" />
      <path d="m12 5 7 7-7 7" />
    </Svg>
  );
}

export function BrainCircuit({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M12 13h4" />
      <path d="M12 18h6a2 2 0 012 2v1" />
      <path d="M12 8h8" />
      <path d="M12 9a4.17 4.17 0 01-3 4" />
      <path d="M16 8V5a2 2 0 012-2" />
      <path d="M6 18a4 4 0 01-2-7.465" />
      <path d="M6.004 5.125a4 4 0 00-2.526 5.77" />
      <path d="M6.294 6.294A3 3 0 1112 5v13a4 4 0 11-7.967-.518" />
      <circle cx="16" cy="13" r="0.5" fill="currentColor" />
      <circle cx="18" cy="3" r="0.5" fill="currentColor" />
      <circle cx="20" cy="21" r="0.5" fill="currentColor" />
      <circle cx="20" cy="8" r="0.5" fill="currentColor" />
    </Svg>
  );
}

export function GraduationCap({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z" />
      <path d="M22 10v6" />
      <path d="M6 12.5V16a6 3 0 0 0 12 0v-3.5" />
    </Svg>
  );
}

export function Rocket({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5" />
      <path d="M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09" />
      <path d="M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z" />
      <path d="M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05" />
    </Svg>
  );
}

export function Users({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <path d="M16 3.128a4 4 0 0 1 0 7.744" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <circle cx="9" cy="7" r="4" />
    </Svg>
  );
}
