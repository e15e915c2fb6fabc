import type { MetaDescriptor } from "react-router";
import type { RootData } from "./root-data";

type MetaArgs = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/**
 * Title, description and Open Graph tags for a page, so a link shared in KakaoTalk shows a real
 * preview. `path` is the page's canonical path (with its `?page=N` for a list's later pages);
 * `prev` and `next` are the paths of a paged list's neighbouring pages (`<link rel=prev|next>`).
 */
export function pageMeta(
  args: MetaArgs,
  page: {
    title?: string;
    description: string;
    path: string;
    type?: "website" | "article";
    prev?: string;
    next?: string;
  },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const societyName = root?.society.name ?? "학회";
  const baseUrl = root?.society.publicUrl ?? "";
  const title = page.title ? `${page.title} | ${societyName}` : societyName;
  const url = `${baseUrl}${page.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: societyName },
    { property: "og:locale", content: "ko_KR" },
    // The whole title: KakaoTalk's preview shows og:title and the address, not og:site_name.
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    // The emblem's mark in the address: a new emblem is a new image for KakaoTalk's cache.
    {
      property: "og:image",
      content: `${baseUrl}/og-image.png?v=${root?.society.logoUrl?.slice(-8) ?? 0}`,
    },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${societyName} 엠블럼` },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.prev ? [{ tagName: "link", rel: "prev", href: `${baseUrl}${page.prev}` }] : []),
    ...(page.next ? [{ tagName: "link", rel: "next", href: `${baseUrl}${page.next}` }] : []),
  ];
}
