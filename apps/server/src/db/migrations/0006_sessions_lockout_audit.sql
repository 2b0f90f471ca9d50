CREATE TABLE "sign_in_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip_address" text;--> statement-breakpoint
-- Every ended session (sign-out, password change, ban, expiry clean-up, a removed user) is announced
-- to every instance, which closes that session's open event streams (docs/decisions/0016).
CREATE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD."id");
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_ended" AFTER DELETE ON "auth_sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_ended"();
--> statement-breakpoint
-- A ban or a role change ends every session of the user, whoever makes it (the CLI, the API, SQL),
-- so that no token, stream or cached session outlives it.
CREATE FUNCTION "end_sessions_of_changed_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "auth_sessions" WHERE "user_id" = NEW."id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE OF "banned", "role" ON "users"
  FOR EACH ROW
  WHEN (NEW."role" IS DISTINCT FROM OLD."role" OR (NEW."banned" AND NOT coalesce(OLD."banned", false)))
  EXECUTE FUNCTION "end_sessions_of_changed_user"();
