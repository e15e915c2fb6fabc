import { Badge, type BadgeTone } from "~/components/ui/badge";
import {
  MEMBER_STATUS_LABELS,
  MEMBER_TYPE_LABELS,
  type MemberStatus,
  type MemberType,
} from "../validation";

const STATUS_TONES: Record<MemberStatus, BadgeTone> = {
  pending: "yellow",
  approved: "green",
  rejected: "neutral",
  suspended: "red",
};

export function StatusBadge({ status }: { status: MemberStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{MEMBER_STATUS_LABELS[status]}</Badge>;
}

/** Nothing until the member is approved: a sign-up has no member type yet. */
export function MemberTypeBadge({ memberType }: { memberType: MemberType | null }) {
  if (!memberType) return null;
  return (
    <Badge tone={memberType === "associate" ? "neutral" : "brand"}>
      {MEMBER_TYPE_LABELS[memberType]}
    </Badge>
  );
}

/** A member of the demo society `npm start` seeded: not a real doctor (administrators only). */
export function DemoBadge() {
  return (
    <Badge tone="violet" className="demo-mark" title="데모 데이터로 만든 회원입니다">
      데모
    </Badge>
  );
}
