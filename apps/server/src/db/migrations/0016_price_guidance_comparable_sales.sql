CREATE TABLE "comparable_sales" (
	"commission_id" integer PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"price_cents" integer NOT NULL,
	"is_buyout" boolean NOT NULL,
	"listed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "comparable_sales" ADD CONSTRAINT "comparable_sales_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparable_sales" ADD CONSTRAINT "comparable_sales_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Covering: a basis's count, medians and range, and its latest sales, read the index alone.
CREATE INDEX "comparable_sales_basis_idx" ON "comparable_sales" USING btree ("designer_id","category_id","sold_at") INCLUDE ("price_cents","is_buyout","listed_at");--> statement-breakpoint
CREATE INDEX "comparable_sales_designer_sold_idx" ON "comparable_sales" USING btree ("designer_id","sold_at");--> statement-breakpoint
CREATE INDEX "comparable_sales_quote_idx" ON "comparable_sales" USING btree ("quote_id");
--> statement-breakpoint
-- A sale is a commission on a quote (recordSale writes one when a converted item sells or is bought
-- outright). Kept in the transaction of every insert, whoever makes it: one insert per statement,
-- from its transition table, as migration 0008's totals. Listing is the quote's last move to
-- "converted", which comes before its sale.
CREATE FUNCTION "commissions_keep_comparable_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "comparable_sales" ("commission_id", "quote_id", "designer_id", "category_id",
                                  "sold_at", "price_cents", "is_buyout", "listed_at")
    SELECT c."id", c."quote_id", q."designer_id", q."category_id", c."created_at",
           c."purchase_price_cents", c."order_id" IS NOT NULL,
           (SELECT max(h."created_at") FROM "quote_status_history" h
            WHERE h."quote_id" = c."quote_id" AND h."to_status" = 'converted')
    FROM new_rows c JOIN "quotes" q ON q."id" = c."quote_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "commissions_comparable_sales_insert" AFTER INSERT ON "commissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "commissions_keep_comparable_sales"();
--> statement-breakpoint
-- A commission whose sale facts change (rare: an operator's correction) is read again; paying it
-- out (paid_at) touches nothing kept.
CREATE FUNCTION "commissions_refresh_comparable_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "comparable_sales" WHERE "commission_id" = NEW."id";
  INSERT INTO "comparable_sales" ("commission_id", "quote_id", "designer_id", "category_id",
                                  "sold_at", "price_cents", "is_buyout", "listed_at")
    SELECT NEW."id", NEW."quote_id", q."designer_id", q."category_id", NEW."created_at",
           NEW."purchase_price_cents", NEW."order_id" IS NOT NULL,
           (SELECT max(h."created_at") FROM "quote_status_history" h
            WHERE h."quote_id" = NEW."quote_id" AND h."to_status" = 'converted')
    FROM "quotes" q WHERE q."id" = NEW."quote_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "commissions_comparable_sales_update" AFTER UPDATE OF "quote_id", "created_at", "purchase_price_cents", "order_id" ON "commissions" FOR EACH ROW EXECUTE FUNCTION "commissions_refresh_comparable_sale"();
--> statement-breakpoint
-- A sold item moved to another designer or category (a correction) moves its sales with it.
CREATE FUNCTION "quotes_move_comparable_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "comparable_sales" SET "designer_id" = NEW."designer_id", "category_id" = NEW."category_id"
    WHERE "quote_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_comparable_sales_update" AFTER UPDATE OF "designer_id", "category_id" ON "quotes" FOR EACH ROW WHEN (OLD."designer_id" IS DISTINCT FROM NEW."designer_id" OR OLD."category_id" IS DISTINCT FROM NEW."category_id") EXECUTE FUNCTION "quotes_move_comparable_sales"();
--> statement-breakpoint
-- The sales recorded before this migration.
INSERT INTO "comparable_sales" ("commission_id", "quote_id", "designer_id", "category_id",
                                "sold_at", "price_cents", "is_buyout", "listed_at")
  SELECT c."id", c."quote_id", q."designer_id", q."category_id", c."created_at",
         c."purchase_price_cents", c."order_id" IS NOT NULL,
         (SELECT max(h."created_at") FROM "quote_status_history" h
          WHERE h."quote_id" = c."quote_id" AND h."to_status" = 'converted')
  FROM "commissions" c JOIN "quotes" q ON q."id" = c."quote_id";
