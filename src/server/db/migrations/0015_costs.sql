CREATE TABLE "cierres" (
	"periodo" varchar(7) PRIMARY KEY NOT NULL,
	"estado" varchar(8) NOT NULL,
	"cerrado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cerrado_por" integer,
	"reabierto_at" timestamp with time zone,
	"reabierto_por" integer,
	"motivo_reapertura" text,
	CONSTRAINT "cierres_periodo_chk" CHECK ("cierres"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "cierres_estado_chk" CHECK ("cierres"."estado" in ('CERRADO', 'ABIERTO'))
);
--> statement-breakpoint
CREATE TABLE "cierres_det" (
	"periodo" varchar(7) NOT NULL,
	"insumo_id" integer NOT NULL,
	"inicial_cantidad" numeric(12, 2) NOT NULL,
	"inicial_importe" numeric(12, 2) NOT NULL,
	"ingresos_cantidad" numeric(12, 2) NOT NULL,
	"ingresos_importe" numeric(12, 2) NOT NULL,
	"salidas_cantidad" numeric(12, 2) NOT NULL,
	"salidas_importe" numeric(12, 2) NOT NULL,
	"final_cantidad" numeric(12, 2) NOT NULL,
	"final_importe" numeric(12, 2) NOT NULL,
	CONSTRAINT "cierres_det_periodo_insumo_id_pk" PRIMARY KEY("periodo","insumo_id")
);
--> statement-breakpoint
CREATE TABLE "inventarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"descripcion" varchar(250) DEFAULT '' NOT NULL,
	"estado" varchar(10) DEFAULT 'BORRADOR' NOT NULL,
	"user_id" integer,
	"aprobado_por" integer,
	"aprobado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventarios_estado_chk" CHECK ("inventarios"."estado" in ('BORRADOR', 'APROBADO', 'ANULADO'))
);
--> statement-breakpoint
CREATE TABLE "inventarios_det" (
	"id" serial PRIMARY KEY NOT NULL,
	"inventario_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"stock_sistema" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cantidad_contada" numeric(12, 2),
	"motivo" text,
	CONSTRAINT "inventarios_det_insumo_uq" UNIQUE("inventario_id","insumo_id"),
	CONSTRAINT "inventarios_det_contada_chk" CHECK ("inventarios_det"."cantidad_contada" is null or "inventarios_det"."cantidad_contada" >= 0)
);
--> statement-breakpoint
ALTER TABLE "movimientos" DROP CONSTRAINT "movimientos_tipo_chk";--> statement-breakpoint
ALTER TABLE "insumos" ADD COLUMN "costo_promedio" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insumos" ADD COLUMN "valor_stock" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insumos" ADD COLUMN "es_combustible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ingresos_det" ADD COLUMN "precio_unitario" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "inventario_det_id" integer;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "costo_unitario" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "importe" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "saldo_cantidad" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "saldo_importe" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reparaciones" ADD COLUMN "monto" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ext_ordenes_compra_det" ADD COLUMN "precio_unitario" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ext_ordenes_servicio_det" ADD COLUMN "monto" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cierres" ADD CONSTRAINT "cierres_cerrado_por_usuarios_id_fk" FOREIGN KEY ("cerrado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierres" ADD CONSTRAINT "cierres_reabierto_por_usuarios_id_fk" FOREIGN KEY ("reabierto_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierres_det" ADD CONSTRAINT "cierres_det_periodo_cierres_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."cierres"("periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierres_det" ADD CONSTRAINT "cierres_det_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_aprobado_por_usuarios_id_fk" FOREIGN KEY ("aprobado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios_det" ADD CONSTRAINT "inventarios_det_inventario_id_inventarios_id_fk" FOREIGN KEY ("inventario_id") REFERENCES "public"."inventarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios_det" ADD CONSTRAINT "inventarios_det_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cierres_cerrado_por_idx" ON "cierres" USING btree ("cerrado_por");--> statement-breakpoint
CREATE INDEX "cierres_reabierto_por_idx" ON "cierres" USING btree ("reabierto_por");--> statement-breakpoint
CREATE INDEX "cierres_estado_idx" ON "cierres" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "cierres_det_insumo_idx" ON "cierres_det" USING btree ("insumo_id");--> statement-breakpoint
CREATE INDEX "inventarios_fecha_idx" ON "inventarios" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "inventarios_estado_idx" ON "inventarios" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "inventarios_user_idx" ON "inventarios" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inventarios_aprobado_por_idx" ON "inventarios" USING btree ("aprobado_por");--> statement-breakpoint
CREATE INDEX "inventarios_det_insumo_idx" ON "inventarios_det" USING btree ("insumo_id");--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_inventario_det_id_inventarios_det_id_fk" FOREIGN KEY ("inventario_det_id") REFERENCES "public"."inventarios_det"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimientos_inventario_det_idx" ON "movimientos" USING btree ("inventario_det_id");--> statement-breakpoint
ALTER TABLE "ingresos_det" ADD CONSTRAINT "ingresos_det_precio_chk" CHECK ("ingresos_det"."precio_unitario" >= 0);--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_tipo_chk" CHECK ("movimientos"."tipo" in ('INGRESO', 'SALIDA', 'AJUSTE'));--> statement-breakpoint
-- The running balance of the kardex before valuation existed: each movement's quantity balance, in the order
-- (fecha, id), anchored at today's stock (a supply may hold stock that no movement brought).
UPDATE "movimientos" AS m SET "saldo_cantidad" = s.saldo
FROM (
  SELECT mv."id", i."stock" - sum(mv."ingreso" - mv."salida") OVER (PARTITION BY mv."insumo_id")
         + sum(mv."ingreso" - mv."salida") OVER (PARTITION BY mv."insumo_id" ORDER BY mv."fecha", mv."id") AS saldo
  FROM "movimientos" mv JOIN "insumos" i ON i."id" = mv."insumo_id"
) AS s
WHERE m."id" = s."id";
