ALTER TABLE "usuarios" ADD COLUMN "sessions_valid_from" integer;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "session_kept_jti" varchar(64);