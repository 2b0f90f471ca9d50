-- A claim is for the queue it was taken in (docs/decisions/0036): when an item moves to another
-- queue, whoever moved it (a decision, a scan, the stylist's label, the client's answer), its
-- holder's claim ends in the same transaction, so the next queue's staff find it free.
CREATE FUNCTION "office_claims_end_with_stage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "office_claims" WHERE "quote_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_claims_end_with_stage" AFTER UPDATE OF "status", "commission_paid_at" ON "quotes" FOR EACH ROW WHEN (OLD."office_stage" IS DISTINCT FROM NEW."office_stage") EXECUTE FUNCTION "office_claims_end_with_stage"();
