import { Badge, type BadgeTone } from "~/components/ui/badge";

const TONES: Record<string, BadgeTone> = { 공지: "red", 행사: "green", 학술: "violet" };

export function CategoryBadge({ category }: { category: string }) {
  return <Badge tone={TONES[category] ?? "brand"}>{category}</Badge>;
}
