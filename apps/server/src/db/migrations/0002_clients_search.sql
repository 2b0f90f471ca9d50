DROP INDEX "clients_stylist_name_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "user_id" text;--> statement-breakpoint
-- Clients registered before shop accounts existed get one now, so the column can be required.
UPDATE "clients" SET "user_id" = gen_random_uuid()::text WHERE "user_id" IS NULL;--> statement-breakpoint
INSERT INTO "users" ("id", "name", "email", "email_verified", "role")
  SELECT "user_id", "first_name" || ' ' || "last_name", lower("email"), false, 'user' FROM "clients";--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commissions_client_idx" ON "commissions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_stylist_name_idx" ON "clients" USING btree ("stylist_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_unique" UNIQUE("user_id");