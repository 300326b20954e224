ALTER TABLE "configurations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write bumps the revision, whoever makes it (another server version, a foreign key's SET NULL, plain SQL),
-- so a session kept in a process never stores its choices over a change it has not seen.
CREATE FUNCTION "bump_configuration_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "configurations_revision" BEFORE UPDATE ON "configurations" FOR EACH ROW EXECUTE FUNCTION "bump_configuration_revision"();
