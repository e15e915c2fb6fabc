import { useRouteLoaderData } from "react-router";
import type { SocietyConfig } from "~/features/society/config";

/** What the root loader gives every page: the society's details and the current user. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  isApproved: boolean;
  /** In full-member standing today (features/dues/standing.server.ts): 정회원 rights. */
  isFullMember: boolean;
  /** The header's mark for 정회원, 명예회원 and 평생회원; null for 준회원. */
  memberTypeLabel: string | null;
};

export type RootData = { society: SocietyConfig; user: CurrentUser | null };

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("The root loader has not run");
  return data;
}

export function useOptionalUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}
