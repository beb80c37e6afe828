CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(45) NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
-- Sessions cache their user's effective permissions (modules/auth/session-cache.ts): a role's
-- change reaches everyone (any payload but s:/u: makes every process forget all), a role given
-- or taken away reaches its user.
CREATE OR REPLACE FUNCTION almoner_notify_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'roles' THEN
    PERFORM pg_notify('almoner_auth', 'r:' || OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('almoner_auth', 'u:' || NEW.user_id);
  ELSE
    PERFORM pg_notify('almoner_auth', 'u:' || OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER roles_notify_auth AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION almoner_notify_role_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_auth AFTER INSERT OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION almoner_notify_role_change();
