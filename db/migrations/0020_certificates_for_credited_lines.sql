-- A locked sheet's line earns a 참석확인서 exactly when its final credits are above zero, whatever
-- made them so. Lines locked before that rule with credits but no code (an incomplete attendance
-- the office credited) get one now, of the form the site draws: three groups of four from an
-- alphabet without look-alikes, from strong random bytes (gen_random_uuid). Codes kept on
-- zero-credit lines stay in the table but no longer count as certificates.
UPDATE "seminar_credits" AS c
SET "certificate_code" = (
  SELECT string_agg(
    substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + get_byte(r.bytes, i) % 32, 1)
      || CASE WHEN i IN (3, 7) THEN '-' ELSE '' END,
    '' ORDER BY i
  )
  FROM (SELECT sha256(convert_to(gen_random_uuid()::text || c."registration_id"::text, 'UTF8')) AS bytes) AS r,
    generate_series(0, 11) AS i
)
FROM "seminar_credit_sheets" AS s
WHERE s."seminar_id" = c."seminar_id"
  AND s."status" = 'locked'
  AND c."final_credits" > 0
  AND c."certificate_code" IS NULL;
