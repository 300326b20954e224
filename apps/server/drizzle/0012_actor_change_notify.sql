-- Who a session's caller is (the session, its user's name, platform and role, the role's level) changes rarely;
-- when it does, every process that keeps resolved callers in memory must forget them before the change's commit
-- returns. Each such change notifies on 'cpq_actor_changes' (see apps/server/src/http/actors.ts).
CREATE FUNCTION "notify_actor_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cpq_actor_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_actor_change" AFTER UPDATE OF "id", "user_id", "expires_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_actor_change"();
--> statement-breakpoint
CREATE TRIGGER "users_actor_change" AFTER UPDATE OF "id", "username", "role_id", "pid" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_actor_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_actor_change" AFTER UPDATE OF "id", "role_level" OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_actor_change"();
