CREATE TABLE "fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"falla_id" integer NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" varchar(64) NOT NULL,
	"data" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fotos_size_chk" CHECK ("fotos"."size" > 0 and "fotos"."size" = octet_length("fotos"."data"))
);
--> statement-breakpoint
ALTER TABLE "reparaciones" ALTER COLUMN "falla_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_falla_id_fallas_falla_id_fk" FOREIGN KEY ("falla_id") REFERENCES "public"."fallas"("falla_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fotos_falla_idx" ON "fotos" USING btree ("falla_id");