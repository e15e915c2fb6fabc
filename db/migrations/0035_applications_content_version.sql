-- 회원 안내 (/membership), which the page cache stores for each member, shows the member's own
-- full-membership application (none: the 신청 button; pending: 심사 중). A member who had just
-- applied was offered the button again until the stored page ran out: an application written
-- moves the content version on. Applications are few; the pages render again once.
CREATE TRIGGER "membership_applications_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "membership_applications" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
