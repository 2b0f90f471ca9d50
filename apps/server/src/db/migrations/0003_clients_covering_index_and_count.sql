ALTER TABLE "stylists" ADD COLUMN "client_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- drizzle-kit cannot express INCLUDE: the name index also carries what paging and short-term
-- search counts read, so they are index-only scans at 100k clients per stylist.
DROP INDEX "clients_stylist_name_idx";--> statement-breakpoint
CREATE INDEX "clients_stylist_name_idx" ON "clients" USING btree ("stylist_id",lower("last_name"),lower("first_name"),"id") INCLUDE ("last_name","first_name","search_text");--> statement-breakpoint
UPDATE "stylists" SET "client_count" = (SELECT count(*) FROM "clients" WHERE "clients"."stylist_id" = "stylists"."id");--> statement-breakpoint
CREATE FUNCTION "clients_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stylists" SET "client_count" = "client_count" + added.n
    FROM (SELECT "stylist_id", count(*) AS n FROM new_rows GROUP BY "stylist_id") AS added
    WHERE "stylists"."id" = added."stylist_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "clients_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stylists" SET "client_count" = "client_count" - removed.n
    FROM (SELECT "stylist_id", count(*) AS n FROM old_rows GROUP BY "stylist_id") AS removed
    WHERE "stylists"."id" = removed."stylist_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "clients_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stylists" SET "client_count" = "client_count" - 1 WHERE "id" = OLD."stylist_id";
  UPDATE "stylists" SET "client_count" = "client_count" + 1 WHERE "id" = NEW."stylist_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clients_count_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "clients_count_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "clients_count_move" AFTER UPDATE OF "stylist_id" ON "clients" FOR EACH ROW WHEN (OLD."stylist_id" IS DISTINCT FROM NEW."stylist_id") EXECUTE FUNCTION "clients_count_moved"();
