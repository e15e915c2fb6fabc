import { MembersOnlyNotice } from "~/components/layout/members-only-notice";
import { PageHeader } from "~/components/layout/page-header";
import { LIBRARY_DESCRIPTION } from "../validation";

/**
 * What a visitor sees on /library: the charter's locked notice, with the library's name and how
 * to get in, never a title or a file name from the library.
 */
export function LibraryLocked() {
  return (
    <>
      <PageHeader title="자료실">{LIBRARY_DESCRIPTION}</PageHeader>
      <MembersOnlyNotice heading="회원 전용 콘텐츠입니다">
        자료실은 승인된 회원만 열람할 수 있습니다.
      </MembersOnlyNotice>
    </>
  );
}
