import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { AnnouncementCard } from "~/features/announcements/components/announcement-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/announcements";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "공지사항",
    description: "학회의 공지, 행사, 학술 소식을 확인하세요.",
    path: "/announcements",
  });

export async function loader() {
  return { announcements: await listAnnouncements() };
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const { announcements } = loaderData;
  return (
    <>
      <PageHeader eyebrow="NEWS" title="공지사항">
        학회의 공지, 행사, 학술 소식을 전해 드립니다. 전문은 승인된 회원만 열람할 수 있습니다.
      </PageHeader>
      <Section>
        {announcements.length === 0 ? (
          <EmptyState>등록된 공지사항이 없습니다.</EmptyState>
        ) : (
          <ul className="grid gap-4">
            {announcements.map((announcement) => (
              <li key={announcement.id}>
                <AnnouncementCard announcement={announcement} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
