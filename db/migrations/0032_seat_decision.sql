-- A member's seat decided in one call (issue 41, docs/performance.md "Registration day"): the
-- seminar's row lock is taken and let go inside the database, never held across a round trip to a
-- Node process that is drawing pages. The caller has read the seminar without the lock, decided
-- the window, the audience and the fee from it, and passes the row's version (`xmin`, which every
-- UPDATE of the row renews and a row lock does not); a seminar changed since, or holds that have run
-- out (their release notifies members, which is Node's work), answer 'recheck', and the caller
-- takes the seat the long way (a transaction around the same lock).
--
-- Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so the seats
-- are counted after the lock is granted and see every registration committed before it: one plain
-- statement could not, as its snapshot is taken before it waits for the lock.
--
-- Answers JSON: {outcome: 'taken', registration, invoice} (the rows as row_to_json writes them;
-- invoice null unless a seat was held for its fee), or {outcome: 'not_found' | 'recheck' |
-- 'already' (registered and not cancelled) | 'payments_off' (a seat to hold, no online payment)}.
-- A change to seminar_registrations or payments that this function writes must change it too.
CREATE FUNCTION "take_seminar_seat"(
  "p_seminar_id" uuid,
  "p_seen_version" text,
  "p_user_id" uuid,
  "p_name" text,
  "p_email" text,
  "p_phone" text,
  "p_hospital_name" text,
  "p_fee" integer,
  "p_now" timestamptz,
  "p_hold_until" timestamptz,
  "p_payment_id" text,
  "p_provider" text,
  "p_order_name" text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  locked_version text;
  seats integer;
  taken integer;
  seated text;
  registration "seminar_registrations";
  invoice "payments";
BEGIN
  SELECT s."xmin"::text, s."capacity" INTO locked_version, seats
    FROM "seminars" s WHERE s."id" = p_seminar_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'not_found');
  END IF;
  IF locked_version IS DISTINCT FROM p_seen_version OR EXISTS (
    SELECT 1 FROM "seminar_registrations" r
    WHERE r."seminar_id" = p_seminar_id AND r."status" = 'payment_pending'
      AND r."hold_expires_at" <= p_now
  ) THEN
    RETURN json_build_object('outcome', 'recheck');
  END IF;
  IF EXISTS (
    SELECT 1 FROM "seminar_registrations" r
    WHERE r."seminar_id" = p_seminar_id AND r."user_id" = p_user_id AND r."status" <> 'cancelled'
  ) THEN
    RETURN json_build_object('outcome', 'already');
  END IF;
  SELECT count(*) INTO taken FROM "seminar_registrations" r
    WHERE r."seminar_id" = p_seminar_id AND r."status" IN ('confirmed', 'payment_pending');
  seated := CASE
    WHEN seats IS NOT NULL AND taken >= seats THEN 'waitlisted'
    WHEN p_fee > 0 THEN 'payment_pending'
    ELSE 'confirmed'
  END;
  -- A full paid seminar still takes its waitlist without online payment.
  IF seated = 'payment_pending' AND p_provider IS NULL THEN
    RETURN json_build_object('outcome', 'payments_off');
  END IF;
  -- A cancelled registration is taken up again: its row keeps its id.
  INSERT INTO "seminar_registrations" AS r (
    "seminar_id", "user_id", "name", "email", "phone", "hospital_name", "status",
    "hold_expires_at", "queued_at", "confirmed_at"
  ) VALUES (
    p_seminar_id, p_user_id, p_name, p_email, p_phone, p_hospital_name, seated,
    CASE WHEN seated = 'payment_pending' THEN p_hold_until END,
    -- The database's clock, read under the lock: the order in which registrations got their turn.
    clock_timestamp(),
    CASE WHEN seated = 'confirmed' THEN p_now END
  )
  ON CONFLICT ("seminar_id", "user_id") DO UPDATE SET
    "name" = excluded."name", "email" = excluded."email", "phone" = excluded."phone",
    "hospital_name" = excluded."hospital_name", "status" = excluded."status",
    "hold_expires_at" = excluded."hold_expires_at", "queued_at" = excluded."queued_at",
    "confirmed_at" = excluded."confirmed_at", "cancelled_at" = NULL, "cancelled_by" = NULL,
    "reminded_at" = NULL, "updated_at" = p_now
  WHERE r."status" = 'cancelled'
  RETURNING * INTO registration;
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'already');
  END IF;
  IF seated = 'payment_pending' THEN
    INSERT INTO "payments" (
      "payment_id", "user_id", "member_name", "purpose", "seminar_id", "registration_id",
      "order_name", "amount", "provider", "expires_at"
    ) VALUES (
      p_payment_id, p_user_id, registration."name", 'seminar', p_seminar_id, registration."id",
      p_order_name, p_fee, p_provider, registration."hold_expires_at"
    )
    RETURNING * INTO invoice;
  END IF;
  RETURN json_build_object(
    'outcome', 'taken',
    'registration', row_to_json(registration),
    'invoice', CASE WHEN seated = 'payment_pending' THEN row_to_json(invoice) END
  );
END
$$;
