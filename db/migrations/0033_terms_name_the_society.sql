-- The seeded 이용약관 (version 1, migration 0028) named no society: "이 약관은 학회(이하 "학회")가".
-- Its text now carries {{학회명}}, which the terms page fills in with the society's name, and its
-- 제9조 names the withdrawal members make themselves on /mypage. Only the seeded text is changed:
-- a version the office published (published_by set) is left as written.
UPDATE "terms_versions"
SET "body" = replace(
  replace(
    "body",
    '이 약관은 학회(이하 "학회")가 운영하는',
    '이 약관은 {{학회명}}(이하 "학회")가 운영하는'
  ),
  '1. 회원은 언제든지 사무국에 탈퇴를 요청할 수 있습니다.',
  '1. 회원은 언제든지 마이페이지에서 직접 탈퇴하거나 사무국에 탈퇴를 요청할 수 있습니다.'
)
WHERE "version" = 1 AND "published_by" IS NULL;
