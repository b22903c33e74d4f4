CREATE TABLE "maquinarias_estados" (
	"id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"estado" smallint NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"hasta" timestamp with time zone,
	"motivo" text,
	"origen" varchar(12) NOT NULL,
	"ref_id" integer,
	"user_id" integer,
	CONSTRAINT "maquinarias_estados_estado_chk" CHECK ("maquinarias_estados"."estado" between 0 and 3),
	CONSTRAINT "maquinarias_estados_origen_chk" CHECK ("maquinarias_estados"."origen" in ('ALTA', 'MANUAL', 'FALLA', 'ORDEN', 'REPARACION')),
	CONSTRAINT "maquinarias_estados_hasta_chk" CHECK ("maquinarias_estados"."hasta" is null or "maquinarias_estados"."hasta" >= "maquinarias_estados"."desde")
);
--> statement-breakpoint
CREATE TABLE "lecturas_rechazadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"nro_parte_interno" varchar(30) NOT NULL,
	"fecha" date NOT NULL,
	"horometro_inicial" numeric(12, 2) NOT NULL,
	"horometro_final" numeric(12, 2) NOT NULL,
	"mensaje" text NOT NULL,
	"user_id" integer,
	"idempotency_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecturas_rechazadas_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes_tareas" (
	"tarea_id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"cada_medidor" numeric(12, 2),
	"cada_dias" integer,
	"margen_medidor" numeric(12, 2) DEFAULT 0 NOT NULL,
	"margen_dias" integer DEFAULT 0 NOT NULL,
	"programacion" varchar(10) DEFAULT 'FIJA' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_fecha" date NOT NULL,
	"base_medidor" numeric(12, 2) DEFAULT 0 NOT NULL,
	"proximo_medidor" numeric(12, 2),
	"proximo_fecha" date,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "planes_tareas_trigger_chk" CHECK ("planes_tareas"."cada_medidor" is not null or "planes_tareas"."cada_dias" is not null),
	CONSTRAINT "planes_tareas_cada_chk" CHECK (coalesce("planes_tareas"."cada_medidor", 1) > 0 and coalesce("planes_tareas"."cada_dias", 1) > 0),
	CONSTRAINT "planes_tareas_margen_chk" CHECK ("planes_tareas"."margen_medidor" >= 0 and "planes_tareas"."margen_dias" >= 0),
	CONSTRAINT "planes_tareas_prog_chk" CHECK ("planes_tareas"."programacion" in ('FIJA', 'FLOTANTE'))
);
--> statement-breakpoint
CREATE TABLE "planes_tareas_ejecuciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarea_id" integer NOT NULL,
	"ot_id" integer,
	"fecha" date NOT NULL,
	"medidor" numeric(12, 2) NOT NULL,
	"vence_fecha" date,
	"vence_medidor" numeric(12, 2),
	"a_tiempo" boolean NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes_tareas_insumos" (
	"tarea_id" integer NOT NULL,
	"insumo_maq_id" integer NOT NULL,
	CONSTRAINT "planes_tareas_insumos_tarea_id_insumo_maq_id_pk" PRIMARY KEY("tarea_id","insumo_maq_id")
);
--> statement-breakpoint
CREATE TABLE "ordenes_trabajo" (
	"ot_id" serial PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"anio" smallint NOT NULL,
	"numero" integer NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"origen" varchar(10) NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"prioridad" varchar(10) DEFAULT 'MEDIA' NOT NULL,
	"estado" varchar(25) DEFAULT 'ABIERTA' NOT NULL,
	"tarea_id" integer,
	"falla_id" integer,
	"descripcion" varchar(250) NOT NULL,
	"fecha_programada" date,
	"inicio" timestamp with time zone,
	"fin" timestamp with time zone,
	"maquina_detenida" boolean DEFAULT false NOT NULL,
	"horometro_cierre" numeric(12, 2),
	"motivo_anulacion" text,
	"notas" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordenes_trabajo_uid_unique" UNIQUE("uid"),
	CONSTRAINT "ordenes_trabajo_numero_uq" UNIQUE("anio","numero"),
	CONSTRAINT "ordenes_trabajo_origen_chk" CHECK ("ordenes_trabajo"."origen" in ('PLAN', 'FALLA', 'MANUAL')),
	CONSTRAINT "ordenes_trabajo_tipo_chk" CHECK ("ordenes_trabajo"."tipo" in ('PREVENTIVA', 'CORRECTIVA')),
	CONSTRAINT "ordenes_trabajo_prioridad_chk" CHECK ("ordenes_trabajo"."prioridad" in ('BAJA', 'MEDIA', 'ALTA', 'URGENTE')),
	CONSTRAINT "ordenes_trabajo_estado_chk" CHECK ("ordenes_trabajo"."estado" in ('ABIERTA', 'EN CURSO', 'EN ESPERA DE REPUESTOS', 'CERRADA', 'ANULADA')),
	CONSTRAINT "ordenes_trabajo_horometro_chk" CHECK ("ordenes_trabajo"."horometro_cierre" is null or "ordenes_trabajo"."horometro_cierre" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ordenes_trabajo_asignados" (
	"ot_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "ordenes_trabajo_asignados_ot_id_usuario_id_pk" PRIMARY KEY("ot_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "ordenes_trabajo_checklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"ot_id" integer NOT NULL,
	"orden" smallint NOT NULL,
	"descripcion" varchar(250) NOT NULL,
	"resultado" varchar(10),
	"nota" text,
	"falla_id" integer,
	CONSTRAINT "ordenes_trabajo_checklist_res_chk" CHECK ("ordenes_trabajo_checklist"."resultado" is null or "ordenes_trabajo_checklist"."resultado" in ('OK', 'OBSERVADO', 'NO APLICA'))
);
--> statement-breakpoint
CREATE TABLE "ordenes_trabajo_mano_obra" (
	"id" serial PRIMARY KEY NOT NULL,
	"ot_id" integer NOT NULL,
	"usuario_id" integer,
	"nombre" varchar(150) NOT NULL,
	"fecha" date NOT NULL,
	"horas" numeric(12, 2) NOT NULL,
	CONSTRAINT "ordenes_trabajo_mano_obra_horas_chk" CHECK ("ordenes_trabajo_mano_obra"."horas" > 0 and "ordenes_trabajo_mano_obra"."horas" <= 24)
);
--> statement-breakpoint
ALTER TABLE "salidas" ALTER COLUMN "operador_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fotos" ALTER COLUMN "falla_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "insumos_maquinaria" ADD COLUMN "last_horometro_mantenimiento" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "salidas" ADD COLUMN "ot_id" integer;--> statement-breakpoint
ALTER TABLE "salidas_det" ADD COLUMN "insumo_maq_id" integer;--> statement-breakpoint
ALTER TABLE "fallas" ADD COLUMN "maquina_detenida" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reparaciones" ADD COLUMN "ot_id" integer;--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "ot_id" integer;--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD COLUMN "horometro_inicial" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD COLUMN "horometro_final" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "partes_diarios_medidor" ADD COLUMN "medido" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partes_diarios_medidor" ADD COLUMN "medido_acum" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maquinarias_estados" ADD CONSTRAINT "maquinarias_estados_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquinarias_estados" ADD CONSTRAINT "maquinarias_estados_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturas_rechazadas" ADD CONSTRAINT "lecturas_rechazadas_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturas_rechazadas" ADD CONSTRAINT "lecturas_rechazadas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas" ADD CONSTRAINT "planes_tareas_plan_id_planes_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas_ejecuciones" ADD CONSTRAINT "planes_tareas_ejecuciones_tarea_id_planes_tareas_tarea_id_fk" FOREIGN KEY ("tarea_id") REFERENCES "public"."planes_tareas"("tarea_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas_ejecuciones" ADD CONSTRAINT "planes_tareas_ejecuciones_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas_ejecuciones" ADD CONSTRAINT "planes_tareas_ejecuciones_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas_insumos" ADD CONSTRAINT "planes_tareas_insumos_tarea_id_planes_tareas_tarea_id_fk" FOREIGN KEY ("tarea_id") REFERENCES "public"."planes_tareas"("tarea_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tareas_insumos" ADD CONSTRAINT "planes_tareas_insumos_insumo_maq_id_insumos_maquinaria_insumo_maq_id_fk" FOREIGN KEY ("insumo_maq_id") REFERENCES "public"."insumos_maquinaria"("insumo_maq_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo" ADD CONSTRAINT "ordenes_trabajo_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo" ADD CONSTRAINT "ordenes_trabajo_tarea_id_planes_tareas_tarea_id_fk" FOREIGN KEY ("tarea_id") REFERENCES "public"."planes_tareas"("tarea_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo" ADD CONSTRAINT "ordenes_trabajo_falla_id_fallas_falla_id_fk" FOREIGN KEY ("falla_id") REFERENCES "public"."fallas"("falla_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo" ADD CONSTRAINT "ordenes_trabajo_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_asignados" ADD CONSTRAINT "ordenes_trabajo_asignados_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_asignados" ADD CONSTRAINT "ordenes_trabajo_asignados_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_checklist" ADD CONSTRAINT "ordenes_trabajo_checklist_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_checklist" ADD CONSTRAINT "ordenes_trabajo_checklist_falla_id_fallas_falla_id_fk" FOREIGN KEY ("falla_id") REFERENCES "public"."fallas"("falla_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_mano_obra" ADD CONSTRAINT "ordenes_trabajo_mano_obra_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_trabajo_mano_obra" ADD CONSTRAINT "ordenes_trabajo_mano_obra_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maquinarias_estados_maq_idx" ON "maquinarias_estados" USING btree ("maquinaria_id","desde");--> statement-breakpoint
CREATE UNIQUE INDEX "maquinarias_estados_abierto_uq" ON "maquinarias_estados" USING btree ("maquinaria_id") WHERE "maquinarias_estados"."hasta" is null;--> statement-breakpoint
CREATE INDEX "lecturas_rechazadas_created_idx" ON "lecturas_rechazadas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lecturas_rechazadas_maq_idx" ON "lecturas_rechazadas" USING btree ("maquinaria_id");--> statement-breakpoint
CREATE INDEX "planes_maq_idx" ON "planes" USING btree ("maquinaria_id");--> statement-breakpoint
CREATE INDEX "planes_tareas_plan_idx" ON "planes_tareas" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "planes_tareas_fecha_idx" ON "planes_tareas" USING btree ("proximo_fecha");--> statement-breakpoint
CREATE INDEX "planes_tareas_ejec_tarea_idx" ON "planes_tareas_ejecuciones" USING btree ("tarea_id","fecha");--> statement-breakpoint
CREATE INDEX "planes_tareas_ejec_fecha_idx" ON "planes_tareas_ejecuciones" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "planes_tareas_ejec_ot_idx" ON "planes_tareas_ejecuciones" USING btree ("ot_id");--> statement-breakpoint
CREATE INDEX "planes_tareas_insumos_im_idx" ON "planes_tareas_insumos" USING btree ("insumo_maq_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_maq_idx" ON "ordenes_trabajo" USING btree ("maquinaria_id","estado");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_estado_idx" ON "ordenes_trabajo" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_tarea_idx" ON "ordenes_trabajo" USING btree ("tarea_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_falla_idx" ON "ordenes_trabajo" USING btree ("falla_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_fecha_idx" ON "ordenes_trabajo" USING btree ("fecha_programada");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_created_idx" ON "ordenes_trabajo" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_asignados_usuario_idx" ON "ordenes_trabajo_asignados" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_checklist_ot_idx" ON "ordenes_trabajo_checklist" USING btree ("ot_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_checklist_falla_idx" ON "ordenes_trabajo_checklist" USING btree ("falla_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_mano_obra_ot_idx" ON "ordenes_trabajo_mano_obra" USING btree ("ot_id");--> statement-breakpoint
CREATE INDEX "ordenes_trabajo_mano_obra_usuario_idx" ON "ordenes_trabajo_mano_obra" USING btree ("usuario_id");--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_det" ADD CONSTRAINT "salidas_det_insumo_maq_id_insumos_maquinaria_insumo_maq_id_fk" FOREIGN KEY ("insumo_maq_id") REFERENCES "public"."insumos_maquinaria"("insumo_maq_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparaciones" ADD CONSTRAINT "reparaciones_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_ot_id_ordenes_trabajo_ot_id_fk" FOREIGN KEY ("ot_id") REFERENCES "public"."ordenes_trabajo"("ot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salidas_det_insumo_maq_idx" ON "salidas_det" USING btree ("insumo_maq_id");--> statement-breakpoint
CREATE INDEX "reparaciones_ot_idx" ON "reparaciones" USING btree ("ot_id");--> statement-breakpoint
CREATE INDEX "fotos_ot_idx" ON "fotos" USING btree ("ot_id");--> statement-breakpoint
CREATE INDEX "partes_diarios_fecha_idx" ON "partes_diarios" USING btree ("fecha");--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_ot_id_unique" UNIQUE("ot_id");--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_destino_chk" CHECK ("salidas"."operador_id" is not null or "salidas"."ot_id" is not null);--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_duenio_chk" CHECK (("fotos"."falla_id" is null) <> ("fotos"."ot_id" is null));--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_lectura_chk" CHECK (("partes_diarios"."horometro_inicial" is null) = ("partes_diarios"."horometro_final" is null) and ("partes_diarios"."horometro_inicial" is null or ("partes_diarios"."horometro_inicial" >= 0 and "partes_diarios"."horometro_final" >= "partes_diarios"."horometro_inicial")));--> statement-breakpoint
-- Every machine starts its state history with one open interval in its current state, since it was registered.
INSERT INTO "maquinarias_estados" ("maquinaria_id", "estado", "desde", "origen")
SELECT "id", "estado", "created_at", 'ALTA' FROM "maquinarias";
