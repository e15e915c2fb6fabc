import { useRouteLoaderData } from "react-router";
import type { FlashToast } from "./toast";

// The society's contact details and links, shown by the footer, the location page and the home
// page. The values come from features/society/settings.server.ts (the office's settings over the
// environment's) through the root loader.
export type SocietyConfig = {
  name: string;
  shortName: string;
  englishName: string;
  address: string;
  building: string;
  phone: string;
  email: string;
  fax: string;
  /** The footer's legal lines (the office's settings, /admin/settings). */
  representative: string;
  /** 고유번호 or 사업자등록번호. */
  registrationLabel: string;
  registrationNumber: string;
  /** 개인정보보호책임자 and how to reach them. */
  privacyOfficer: string;
  privacyOfficerContact: string;
  /** The sister service about doctors doing marketing with AI ({host} in SPEC.md). */
  sisterSiteUrl: string;
  mapEmbedUrl: string;
  publicUrl: string;
  /**
   * The society's own emblem (an image address, e.g. /brand/logo.svg placed in public/), drawn
   * instead of the built-in mark; null draws the built-in mark.
   */
  logoUrl: string | null;
};

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

export type RootData = {
  society: SocietyConfig;
  /** The footer's legal lines, links and copyright as HTML, drawn on the server (footer-lines.server.tsx). */
  footerLines: { address: string; links: string; copyright: string };
  user: CurrentUser | null;
  /** The toast a redirect handed to this page (a finished form's), shown once. */
  flash: FlashToast | null;
};

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("The root loader has not run");
  return data;
}

export function useOptionalUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}
