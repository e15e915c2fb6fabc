-- Members' own uploads that nothing claimed are now swept after an hour. An application's licence
-- image was attached without being claimed until now: those attached already are claimed here,
-- as of their upload, so the sweep leaves them.
UPDATE "stored_objects" AS o
SET "claimed_at" = o."created_at"
WHERE o."claimed_at" IS NULL
  AND o."origin" = 'member'
  AND EXISTS (
    SELECT 1 FROM "membership_applications" AS a
    WHERE a."license_image_url" = '/objects/' || o."id"::text
  );
