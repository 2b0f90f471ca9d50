-- Migration 0008's keepers wrote each upsert three times, once per kind of change, because a
-- statement may name only the transition tables its trigger has. Each upsert is now written once,
-- over the statement's changes: +1 for each new row, -1 for each old one (an update is both).
-- The upserts run through EXECUTE, which sees the trigger's transition tables.
CREATE FUNCTION "signed_changes"("operation" text, "columns" text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' UNION ALL ',
    CASE WHEN "operation" <> 'DELETE' THEN format('SELECT 1 AS sign, %s FROM new_rows', "columns") END,
    CASE WHEN "operation" <> 'INSERT' THEN format('SELECT -1 AS sign, %s FROM old_rows', "columns") END)
$$;
--> statement-breakpoint
-- A kept row changes only where a figure moved: an update that moves none touches no row. Rows
-- are upserted in key order, so concurrent statements take their locks in the same order.
CREATE OR REPLACE FUNCTION "quotes_keep_stylist_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($upsert$
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "pending_review", "pending_shipment", "needs_more_info")
      SELECT * FROM (
        SELECT "stylist_id",
               coalesce(sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')), 0) AS "pending_review",
               coalesce(sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL), 0) AS "pending_shipment",
               coalesce(sum(sign) FILTER (WHERE "status" = 'needs_more_info'), 0) AS "needs_more_info"
        FROM (%s) AS changes
        GROUP BY "stylist_id"
      ) AS moved
      WHERE ("pending_review", "pending_shipment", "needs_more_info") <> (0, 0, 0)
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "pending_review" = kept."pending_review" + excluded."pending_review",
        "pending_shipment" = kept."pending_shipment" + excluded."pending_shipment",
        "needs_more_info" = kept."needs_more_info" + excluded."needs_more_info"
  $upsert$, signed_changes(TG_OP, '"stylist_id", "status", "pickup_type", "shipment_id"'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The stylist's totals and their per-day figures (UTC days) from one reading of the changes.
CREATE OR REPLACE FUNCTION "commissions_keep_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($upsert$
    WITH moved_days AS (
      SELECT * FROM (
        SELECT "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day",
               coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0) AS "paid_cents",
               coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0) AS "unpaid_cents",
               coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0) AS "paid_count",
               coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0) AS "unpaid_count"
        FROM (%s) AS changes
        GROUP BY 1, 2
      ) AS sums
      WHERE ("paid_cents", "unpaid_cents", "paid_count", "unpaid_count") <> (0, 0, 0, 0)
    ),
    kept_days AS (
      INSERT INTO "commission_days" AS kept ("stylist_id", "day", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
        SELECT * FROM moved_days ORDER BY 1, 2
        ON CONFLICT ("stylist_id", "day") DO UPDATE SET
          "paid_cents" = kept."paid_cents" + excluded."paid_cents",
          "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
          "paid_count" = kept."paid_count" + excluded."paid_count",
          "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count"
    )
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT * FROM (
        SELECT "stylist_id", sum("paid_cents") AS "paid_cents", sum("unpaid_cents") AS "unpaid_cents",
               sum("paid_count") AS "paid_count", sum("unpaid_count") AS "unpaid_count"
        FROM moved_days
        GROUP BY "stylist_id"
      ) AS sums
      WHERE ("paid_cents", "unpaid_cents", "paid_count", "unpaid_count") <> (0, 0, 0, 0)
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count"
  $upsert$, signed_changes(TG_OP, '"stylist_id", "created_at", "amount_cents", "paid_at"'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clients_keep_prefix_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($upsert$
    INSERT INTO "client_search_prefix_counts" AS kept ("stylist_id", "prefix", "clients")
      SELECT "stylist_id", prefix, sum(sign)
      FROM (%s) AS changes, unnest(search_word_prefixes("search_text")) AS prefix
      GROUP BY "stylist_id", prefix
      HAVING sum(sign) <> 0
      ORDER BY "stylist_id", prefix
      ON CONFLICT ("stylist_id", "prefix") DO UPDATE SET "clients" = kept."clients" + excluded."clients"
  $upsert$, signed_changes(TG_OP, '"stylist_id", "search_text"'));
  RETURN NULL;
END $$;
