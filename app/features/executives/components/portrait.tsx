import { cn } from "~/lib/cn";

/**
 * An executive's photo, or for one without a photo a dignified placeholder: the
 * initial of the surname in white on the society's navy, with a fine inner ring, as a printed
 * roster would show it; never a generic icon.
 */
export function ExecutivePortrait({
  name,
  imageUrl,
  size = "md",
}: {
  name: string;
  imageUrl: string | null;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-24 text-4xl" : "size-20 text-3xl";
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={`${name} 사진`}
        width={size === "lg" ? 96 : 80}
        height={size === "lg" ? 96 : 80}
        loading="lazy"
        className={cn(box, "shrink-0 rounded-xl object-cover")}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label="사진 없음"
      className={cn(
        box,
        "relative grid shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 font-serif font-semibold text-white",
      )}
    >
      <span aria-hidden="true" className="absolute inset-1.5 rounded-lg border border-white/25" />
      <span aria-hidden="true">{Array.from(name.trim())[0] ?? ""}</span>
    </span>
  );
}
