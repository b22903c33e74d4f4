CREATE TABLE "login_fallos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clave" varchar(120) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respaldos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"dia" varchar(10),
	"archivo" varchar(200),
	"servidor" varchar(100) NOT NULL,
	"bytes" bigint,
	"filas" bigint,
	"estado" varchar(10) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "servidor_estado" (
	"clave" varchar(60) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes_rechazadas" (
	"hora" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "solicitudes_rechazadas_hora_status_pk" PRIMARY KEY("hora","status")
);
--> statement-breakpoint
CREATE INDEX "login_fallos_clave_idx" ON "login_fallos" USING btree ("clave","at");--> statement-breakpoint
CREATE UNIQUE INDEX "respaldos_dia_uq" ON "respaldos" USING btree ("dia");--> statement-breakpoint
CREATE INDEX "respaldos_created_idx" ON "respaldos" USING btree ("created_at");