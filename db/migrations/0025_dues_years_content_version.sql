-- 회원 안내 (/membership), a page the page cache stores, shows this year's fee and account from
-- dues_years: a change to them moves the content version on, like the other tables it shows.
CREATE TRIGGER "dues_years_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dues_years" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
