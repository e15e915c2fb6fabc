import { MembersOnlyNotice } from "~/components/layout/members-only-notice";
import { PageHeader } from "~/components/layout/page-header";

/**
 * What a visitor (or an account that is not an approved member) sees on every /community page:
 * the board's name and how to get in, never a title or a name from the board.
 */
export function BoardLocked() {
  return (
    <>
      <PageHeader title="회원 게시판">
        회원 여러분이 병원 운영, 마케팅 도구, 직원 관리, 제도 변화에 대해 묻고 답하는 공간입니다.
      </PageHeader>
      <MembersOnlyNotice heading="회원 전용 게시판입니다">
        회원 게시판은 승인된 회원으로 로그인한 뒤 이용할 수 있습니다.
      </MembersOnlyNotice>
    </>
  );
}
