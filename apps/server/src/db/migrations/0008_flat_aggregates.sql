-- btree_gin lets a GIN index lead with the stylist, so a search reads only that stylist's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- A 1-2 character search matches the start of a word of search_text (words end at spaces and
-- punctuation): these are the first one and two characters of each word.
CREATE FUNCTION "search_word_prefixes"("search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT left(word, lengths.n)), '{}')
    FROM regexp_split_to_table("search_text", '[[:space:][:punct:]]+') AS word,
         (VALUES (1), (2)) AS lengths(n)
    WHERE word <> ''
  $$;
--> statement-breakpoint
-- The prefix index's keys: the stylist's id and a prefix, e.g. '7 ol' for Olivia, so each key's
-- entries are one stylist's matches (a prefix has no space, so the key cannot be misread). The
-- schema is named: PostgreSQL 17 (PGlite) builds and maintains indexes with an empty search_path.
CREATE FUNCTION "client_search_prefixes"("stylist_id" integer, "search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array(SELECT "stylist_id"::text || ' ' || prefix
                 FROM unnest("public"."search_word_prefixes"("search_text")) AS prefix)
  $$;
--> statement-breakpoint
CREATE TABLE "commission_days" (
	"stylist_id" integer NOT NULL,
	"day" date NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"unpaid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commission_days_stylist_id_day_pk" PRIMARY KEY("stylist_id","day")
);
--> statement-breakpoint
CREATE TABLE "stylist_totals" (
	"stylist_id" integer PRIMARY KEY NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"unpaid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	"pending_review" integer DEFAULT 0 NOT NULL,
	"pending_shipment" integer DEFAULT 0 NOT NULL,
	"needs_more_info" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_days" ADD CONSTRAINT "commission_days_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stylist_totals" ADD CONSTRAINT "stylist_totals_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "client_search_prefix_counts" (
	"stylist_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"clients" integer NOT NULL,
	CONSTRAINT "client_search_prefix_counts_stylist_id_prefix_pk" PRIMARY KEY("stylist_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "client_search_prefix_counts" ADD CONSTRAINT "client_search_prefix_counts_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "clients_stylist_search_trgm_idx" ON "clients" USING gin ("stylist_id","search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_search_prefixes_idx" ON "clients" USING gin (client_search_prefixes("stylist_id", "search_text"));
--> statement-breakpoint
CREATE INDEX "commissions_stylist_list_idx" ON "commissions" USING btree ("stylist_id",("paid_at" is not null),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- drizzle-kit cannot express INCLUDE: the amounts and paid state ride in the index, so the
-- partial days at a range's edges are summed by an index-only scan.
DROP INDEX "commissions_stylist_created_idx";
--> statement-breakpoint
CREATE INDEX "commissions_stylist_created_idx" ON "commissions" USING btree ("stylist_id","created_at") INCLUDE ("amount_cents","paid_at");
--> statement-breakpoint
INSERT INTO "stylist_totals" ("stylist_id") SELECT "id" FROM "stylists";
--> statement-breakpoint
UPDATE "stylist_totals" SET
    "paid_cents" = figures."paid_cents", "unpaid_cents" = figures."unpaid_cents",
    "paid_count" = figures."paid_count", "unpaid_count" = figures."unpaid_count"
  FROM (SELECT "stylist_id",
               coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0) AS "paid_cents",
               coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NULL), 0) AS "unpaid_cents",
               count(*) FILTER (WHERE "paid_at" IS NOT NULL) AS "paid_count",
               count(*) FILTER (WHERE "paid_at" IS NULL) AS "unpaid_count"
        FROM "commissions" GROUP BY "stylist_id") AS figures
  WHERE "stylist_totals"."stylist_id" = figures."stylist_id";
--> statement-breakpoint
UPDATE "stylist_totals" SET
    "pending_review" = figures."pending_review", "pending_shipment" = figures."pending_shipment",
    "needs_more_info" = figures."needs_more_info"
  FROM (SELECT "stylist_id",
               count(*) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')) AS "pending_review",
               count(*) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL) AS "pending_shipment",
               count(*) FILTER (WHERE "status" = 'needs_more_info') AS "needs_more_info"
        FROM "quotes" GROUP BY "stylist_id") AS figures
  WHERE "stylist_totals"."stylist_id" = figures."stylist_id";
--> statement-breakpoint
INSERT INTO "commission_days" ("stylist_id", "day", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
  SELECT "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date,
         coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
         coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
         count(*) FILTER (WHERE "paid_at" IS NOT NULL),
         count(*) FILTER (WHERE "paid_at" IS NULL)
  FROM "commissions" GROUP BY 1, 2;
--> statement-breakpoint
-- Kept in the transaction of every change, whoever makes it: one upsert per statement (not per
-- row), from the statement's transition tables, as the client count of migration 0003. An update
-- that moves no figure (most quote updates) touches no kept row.
CREATE FUNCTION "quotes_keep_stylist_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "pending_review", "pending_shipment", "needs_more_info")
      SELECT "stylist_id",
             coalesce(sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'needs_more_info'), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'needs_more_info') <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "pending_review" = kept."pending_review" + excluded."pending_review",
        "pending_shipment" = kept."pending_shipment" + excluded."pending_shipment",
        "needs_more_info" = kept."needs_more_info" + excluded."needs_more_info";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "pending_review", "pending_shipment", "needs_more_info")
      SELECT "stylist_id",
             coalesce(sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'needs_more_info'), 0)
      FROM (SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'needs_more_info') <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "pending_review" = kept."pending_review" + excluded."pending_review",
        "pending_shipment" = kept."pending_shipment" + excluded."pending_shipment",
        "needs_more_info" = kept."needs_more_info" + excluded."needs_more_info";
  ELSE
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "pending_review", "pending_shipment", "needs_more_info")
      SELECT "stylist_id",
             coalesce(sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "status" = 'needs_more_info'), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "status" IN ('authenticated_with_offer', 'offer_pending')) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'offer_accepted' AND "pickup_type" IS NULL AND "shipment_id" IS NULL) <> 0
          OR sum(sign) FILTER (WHERE "status" = 'needs_more_info') <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "pending_review" = kept."pending_review" + excluded."pending_review",
        "pending_shipment" = kept."pending_shipment" + excluded."pending_shipment",
        "needs_more_info" = kept."needs_more_info" + excluded."needs_more_info";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "commissions_keep_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id",
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
    INSERT INTO "commission_days" AS kept ("stylist_id", "day", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date,
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows) AS changes
      GROUP BY "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "day") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id",
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
    INSERT INTO "commission_days" AS kept ("stylist_id", "day", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date,
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "day") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
  ELSE
    INSERT INTO "stylist_totals" AS kept ("stylist_id", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id",
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id"
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY "stylist_id"
      ON CONFLICT ("stylist_id") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
    INSERT INTO "commission_days" AS kept ("stylist_id", "day", "paid_cents", "unpaid_cents", "paid_count", "unpaid_count")
      SELECT "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date,
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NOT NULL), 0),
             coalesce(sum(sign) FILTER (WHERE "paid_at" IS NULL), 0)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) AS changes
      GROUP BY "stylist_id", ("created_at" AT TIME ZONE 'UTC')::date
      HAVING sum(sign) FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign) FILTER (WHERE "paid_at" IS NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NOT NULL) <> 0
          OR sum(sign * "amount_cents") FILTER (WHERE "paid_at" IS NULL) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "day") DO UPDATE SET
        "paid_cents" = kept."paid_cents" + excluded."paid_cents",
        "unpaid_cents" = kept."unpaid_cents" + excluded."unpaid_cents",
        "paid_count" = kept."paid_count" + excluded."paid_count",
        "unpaid_count" = kept."unpaid_count" + excluded."unpaid_count";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_totals_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_stylist_totals"();
--> statement-breakpoint
CREATE TRIGGER "quotes_totals_update" AFTER UPDATE ON "quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_stylist_totals"();
--> statement-breakpoint
CREATE TRIGGER "quotes_totals_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_stylist_totals"();
--> statement-breakpoint
CREATE TRIGGER "commissions_totals_insert" AFTER INSERT ON "commissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "commissions_keep_totals"();
--> statement-breakpoint
CREATE TRIGGER "commissions_totals_update" AFTER UPDATE ON "commissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "commissions_keep_totals"();
--> statement-breakpoint
CREATE TRIGGER "commissions_totals_delete" AFTER DELETE ON "commissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "commissions_keep_totals"();
--> statement-breakpoint
INSERT INTO "client_search_prefix_counts" ("stylist_id", "prefix", "clients")
  SELECT "stylist_id", prefix, count(*)
  FROM "clients", unnest(search_word_prefixes("search_text")) AS prefix
  GROUP BY 1, 2;
--> statement-breakpoint
-- A short search's count is one row, kept like the other figures: an update that changes no
-- name, email or phone nets to nothing and touches no row.
CREATE FUNCTION "clients_keep_prefix_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "client_search_prefix_counts" AS kept ("stylist_id", "prefix", "clients")
      SELECT "stylist_id", prefix, sum(sign)
      FROM (SELECT 1 AS sign, "stylist_id", "search_text" FROM new_rows) AS changes, unnest(search_word_prefixes("search_text")) AS prefix
      GROUP BY "stylist_id", prefix
      HAVING sum(sign) <> 0
      ORDER BY "stylist_id", prefix
      ON CONFLICT ("stylist_id", "prefix") DO UPDATE SET "clients" = kept."clients" + excluded."clients";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "client_search_prefix_counts" AS kept ("stylist_id", "prefix", "clients")
      SELECT "stylist_id", prefix, sum(sign)
      FROM (SELECT -1 AS sign, "stylist_id", "search_text" FROM old_rows) AS changes, unnest(search_word_prefixes("search_text")) AS prefix
      GROUP BY "stylist_id", prefix
      HAVING sum(sign) <> 0
      ORDER BY "stylist_id", prefix
      ON CONFLICT ("stylist_id", "prefix") DO UPDATE SET "clients" = kept."clients" + excluded."clients";
  ELSE
    INSERT INTO "client_search_prefix_counts" AS kept ("stylist_id", "prefix", "clients")
      SELECT "stylist_id", prefix, sum(sign)
      FROM (SELECT 1 AS sign, "stylist_id", "search_text" FROM new_rows UNION ALL SELECT -1, "stylist_id", "search_text" FROM old_rows) AS changes, unnest(search_word_prefixes("search_text")) AS prefix
      GROUP BY "stylist_id", prefix
      HAVING sum(sign) <> 0
      ORDER BY "stylist_id", prefix
      ON CONFLICT ("stylist_id", "prefix") DO UPDATE SET "clients" = kept."clients" + excluded."clients";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_prefix_counts_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_keep_prefix_counts"();
--> statement-breakpoint
CREATE TRIGGER "clients_prefix_counts_update" AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_keep_prefix_counts"();
--> statement-breakpoint
CREATE TRIGGER "clients_prefix_counts_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_keep_prefix_counts"();