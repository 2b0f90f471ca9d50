-- A median is read as the middle of its basis in order (OFFSET half the count in an index range,
-- from the index alone) rather than by sorting the whole basis per call: price, buyout price and
-- days to sell, for a designer and category and for a designer alone (docs/decisions/0037).
ALTER TABLE "comparable_sales" ADD COLUMN "days_to_sell" double precision GENERATED ALWAYS AS (case when not is_buyout then date_part('epoch', sold_at - listed_at) / 86400 end) STORED;--> statement-breakpoint
CREATE INDEX "comparable_sales_category_price_idx" ON "comparable_sales" USING btree ("designer_id","category_id","price_cents");--> statement-breakpoint
CREATE INDEX "comparable_sales_designer_price_idx" ON "comparable_sales" USING btree ("designer_id","price_cents");--> statement-breakpoint
CREATE INDEX "comparable_sales_category_buyout_idx" ON "comparable_sales" USING btree ("designer_id","category_id","price_cents") WHERE "comparable_sales"."is_buyout";--> statement-breakpoint
CREATE INDEX "comparable_sales_designer_buyout_idx" ON "comparable_sales" USING btree ("designer_id","price_cents") WHERE "comparable_sales"."is_buyout";--> statement-breakpoint
CREATE INDEX "comparable_sales_category_days_idx" ON "comparable_sales" USING btree ("designer_id","category_id","days_to_sell") WHERE "comparable_sales"."days_to_sell" is not null;--> statement-breakpoint
CREATE INDEX "comparable_sales_designer_days_idx" ON "comparable_sales" USING btree ("designer_id","days_to_sell") WHERE "comparable_sales"."days_to_sell" is not null;