ALTER TABLE "quote_status_history" ADD COLUMN "from_stage" text GENERATED ALWAYS AS (case when (case when from_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when from_status in ('needs_more_info') then 'needs_info' when from_status in ('authenticated_no_offer') then 'to_price' when from_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when from_status in ('offer_accepted') then 'accepted' when from_status in ('in_transit') then 'in_transit' when from_status in ('received', 'converted') then 'at_warehouse' when from_status in ('sold') then 'sold' end) is distinct from (case when to_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when to_status in ('needs_more_info') then 'needs_info' when to_status in ('authenticated_no_offer') then 'to_price' when to_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when to_status in ('offer_accepted') then 'accepted' when to_status in ('in_transit') then 'in_transit' when to_status in ('received', 'converted') then 'at_warehouse' when to_status in ('sold') then 'sold' end) then case when from_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when from_status in ('needs_more_info') then 'needs_info' when from_status in ('authenticated_no_offer') then 'to_price' when from_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when from_status in ('offer_accepted') then 'accepted' when from_status in ('in_transit') then 'in_transit' when from_status in ('received', 'converted') then 'at_warehouse' when from_status in ('sold') then 'sold' end end) STORED;--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD COLUMN "to_stage" text GENERATED ALWAYS AS (case when (case when from_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when from_status in ('needs_more_info') then 'needs_info' when from_status in ('authenticated_no_offer') then 'to_price' when from_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when from_status in ('offer_accepted') then 'accepted' when from_status in ('in_transit') then 'in_transit' when from_status in ('received', 'converted') then 'at_warehouse' when from_status in ('sold') then 'sold' end) is distinct from (case when to_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when to_status in ('needs_more_info') then 'needs_info' when to_status in ('authenticated_no_offer') then 'to_price' when to_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when to_status in ('offer_accepted') then 'accepted' when to_status in ('in_transit') then 'in_transit' when to_status in ('received', 'converted') then 'at_warehouse' when to_status in ('sold') then 'sold' end) then case when to_status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when to_status in ('needs_more_info') then 'needs_info' when to_status in ('authenticated_no_offer') then 'to_price' when to_status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when to_status in ('offer_accepted') then 'accepted' when to_status in ('in_transit') then 'in_transit' when to_status in ('received', 'converted') then 'at_warehouse' when to_status in ('sold') then 'sold' end end) STORED;--> statement-breakpoint
ALTER TABLE "quote_status_history" ADD COLUMN "stage_entered_at" timestamp with time zone;--> statement-breakpoint
-- The stints of the quotes given: on each step that leaves a queue, when the item entered it (the
-- quote's previous change of queue, in the order of the history: created_at, then id).
CREATE FUNCTION "quote_status_history_set_stints"(quote_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "quote_status_history" h SET "stage_entered_at" = w."entered_at"
  FROM (
    SELECT s."id", CASE WHEN c."from_stage" IS NOT NULL THEN c."entered_at" END AS "entered_at"
    FROM "quote_status_history" s
    LEFT JOIN (
      SELECT "id", "from_stage",
        lag("created_at") OVER (PARTITION BY "quote_id" ORDER BY "created_at", "id") AS "entered_at"
      FROM "quote_status_history"
      WHERE "quote_id" = ANY(quote_ids) AND "from_stage" IS DISTINCT FROM "to_stage"
    ) c ON c."id" = s."id"
    WHERE s."quote_id" = ANY(quote_ids)
  ) w
  WHERE w."id" = h."id" AND h."stage_entered_at" IS DISTINCT FROM w."entered_at";
$$;
--> statement-breakpoint
-- Kept in the transaction of every change of the history, whoever writes it: one update per
-- statement for the quotes its rows belong to.
CREATE FUNCTION "quote_status_history_keep_stints"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "quote_status_history_set_stints"(array(SELECT DISTINCT "quote_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "quote_status_history_set_stints"(array(SELECT DISTINCT "quote_id" FROM old_rows));
  ELSE
    PERFORM "quote_status_history_set_stints"(ARRAY[OLD."quote_id", NEW."quote_id"]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quote_status_history_stints_insert" AFTER INSERT ON "quote_status_history" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_status_history_keep_stints"();
--> statement-breakpoint
CREATE TRIGGER "quote_status_history_stints_delete" AFTER DELETE ON "quote_status_history" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_status_history_keep_stints"();
--> statement-breakpoint
-- A step moved in time or given another status (the tests do so; the services never do) reorders
-- its quote's stints.
CREATE TRIGGER "quote_status_history_stints_update" AFTER UPDATE OF "quote_id", "from_status", "to_status", "created_at" ON "quote_status_history" FOR EACH ROW EXECUTE FUNCTION "quote_status_history_keep_stints"();
--> statement-breakpoint
-- The history written before this migration.
SELECT "quote_status_history_set_stints"(array(SELECT "id" FROM "quotes"));
--> statement-breakpoint
-- The reports read their ranges from these indexes alone (INCLUDE: drizzle cannot say it), made
-- after the backfill so that it does not rewrite them.
CREATE INDEX "quote_status_history_stints_idx" ON "quote_status_history" USING btree ("created_at") INCLUDE ("from_stage", "stage_entered_at", "quote_id") WHERE "quote_status_history"."from_stage" is not null;--> statement-breakpoint
CREATE INDEX "quote_status_history_decisions_idx" ON "quote_status_history" USING btree ("created_at") INCLUDE ("actor_user_id", "to_status", "detail") WHERE "quote_status_history"."actor_kind" = 'admin' and "quote_status_history"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "quotes_commission_paid_idx" ON "quotes" USING btree ("commission_paid_at") WHERE "quotes"."commission_paid_at" is not null;
