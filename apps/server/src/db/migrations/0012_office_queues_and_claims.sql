CREATE TABLE "office_claims" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"author_user_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_stage_counts" (
	"stylist_id" integer NOT NULL,
	"stage" text NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "office_stage_counts_stylist_id_stage_pk" PRIMARY KEY("stylist_id","stage")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "commission_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "office_stage" text GENERATED ALWAYS AS (case when commission_paid_at is not null then null when status in ('pending_authentication', 'authentication_in_progress') then 'to_authenticate' when status in ('needs_more_info') then 'needs_info' when status in ('authenticated_no_offer') then 'to_price' when status in ('authenticated_with_offer', 'offer_pending') then 'offers_out' when status in ('offer_accepted') then 'accepted' when status in ('in_transit') then 'in_transit' when status in ('received', 'converted') then 'at_warehouse' when status in ('sold') then 'sold' end) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "office_claims" ADD CONSTRAINT "office_claims_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_claims" ADD CONSTRAINT "office_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_notes" ADD CONSTRAINT "office_notes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_notes" ADD CONSTRAINT "office_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_stage_counts" ADD CONSTRAINT "office_stage_counts_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_claims_user_idx" ON "office_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "office_notes_quote_idx" ON "office_notes" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_office_queue_idx" ON "quotes" USING btree ("office_stage","stage_entered_at","id") WHERE "quotes"."office_stage" is not null;--> statement-breakpoint
CREATE INDEX "quotes_shipment_idx" ON "quotes" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "quotes_designer_stage_idx" ON "quotes" USING btree ("designer_id","office_stage");--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
-- Sales paid before this migration have left the office's "Sold" queue.
UPDATE "quotes" SET "commission_paid_at" = c."paid_at"
FROM "commissions" c WHERE c."quote_id" = "quotes"."id" AND c."paid_at" IS NOT NULL;
--> statement-breakpoint
-- Quotes made before this migration came into their queue at their last change of status.
UPDATE "quotes" SET "stage_entered_at" = coalesce(
  (SELECT max("created_at") FROM "quote_status_history" h WHERE h."quote_id" = "quotes"."id"),
  "updated_at"
);
--> statement-breakpoint
-- Kept in the transaction of every change, whoever makes it: one upsert per statement, from its
-- transition tables, as migration 0008's totals. An update that moves no quote between queues (most
-- quote updates) touches no kept row.
CREATE FUNCTION "quotes_keep_office_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "office_stage_counts" AS kept ("stylist_id", "stage", "items")
      SELECT "stylist_id", "office_stage", count(*) FROM new_rows
      WHERE "office_stage" IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "stage") DO UPDATE SET "items" = kept."items" + excluded."items";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "office_stage_counts" AS kept ("stylist_id", "stage", "items")
      SELECT "stylist_id", "office_stage", -count(*) FROM old_rows
      WHERE "office_stage" IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "stage") DO UPDATE SET "items" = kept."items" + excluded."items";
  ELSE
    INSERT INTO "office_stage_counts" AS kept ("stylist_id", "stage", "items")
      SELECT "stylist_id", "office_stage", sum(sign) FROM (
        SELECT 1 AS sign, "stylist_id", "office_stage" FROM new_rows
        UNION ALL SELECT -1 AS sign, "stylist_id", "office_stage" FROM old_rows
      ) AS changes
      WHERE "office_stage" IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
      ON CONFLICT ("stylist_id", "stage") DO UPDATE SET "items" = kept."items" + excluded."items";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_office_counts_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_office_counts"();
--> statement-breakpoint
CREATE TRIGGER "quotes_office_counts_update" AFTER UPDATE ON "quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_office_counts"();
--> statement-breakpoint
CREATE TRIGGER "quotes_office_counts_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_keep_office_counts"();
--> statement-breakpoint
INSERT INTO "office_stage_counts" ("stylist_id", "stage", "items")
  SELECT "stylist_id", "office_stage", count(*) FROM "quotes" WHERE "office_stage" IS NOT NULL GROUP BY 1, 2;
