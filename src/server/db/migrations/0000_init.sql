CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	CONSTRAINT "areas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(60) NOT NULL,
	"email" varchar(120),
	"full_name" varchar(160) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"default_password" smallint DEFAULT 1 NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"area_id" integer,
	"roles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_username_unique" UNIQUE("username"),
	CONSTRAINT "usuarios_estado_chk" CHECK ("usuarios"."estado" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "actividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"activ_nombre" varchar(200) NOT NULL,
	"activ_estado" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actividades_estado_chk" CHECK ("actividades"."activ_estado" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "insumos" (
	"id" serial PRIMARY KEY NOT NULL,
	"insumo_codigo" varchar(40) NOT NULL,
	"insumo_name" varchar(250) NOT NULL,
	"search_text" varchar(300) DEFAULT '' NOT NULL,
	"unimed_id" integer NOT NULL,
	"stock" numeric(12, 2) DEFAULT 0 NOT NULL,
	"hour_warning" numeric(12, 2),
	"hour_critical" numeric(12, 2),
	"horas_limite" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insumos_insumo_codigo_unique" UNIQUE("insumo_codigo"),
	CONSTRAINT "insumos_stock_chk" CHECK ("insumos"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "unimeds" (
	"unimed_id" serial PRIMARY KEY NOT NULL,
	"unimed_abrev" varchar(20) NOT NULL,
	"unimed_nombre" varchar(80) NOT NULL,
	CONSTRAINT "unimeds_unimed_abrev_unique" UNIQUE("unimed_abrev")
);
--> statement-breakpoint
CREATE TABLE "cambios_insumo" (
	"id" serial PRIMARY KEY NOT NULL,
	"insumo_maq_id" integer NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"observacion" text NOT NULL,
	"horometro_pdiario" numeric(12, 2) DEFAULT 0 NOT NULL,
	"horometro_vehiculo" numeric(12, 2) DEFAULT 0 NOT NULL,
	"horas_acumuladas" numeric(12, 2) DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insumos_maquinaria" (
	"insumo_maq_id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"hour_warning" numeric(12, 2) NOT NULL,
	"hour_critical" numeric(12, 2) NOT NULL,
	"horas_limite" numeric(12, 2) NOT NULL,
	"last_date_mantenimiento" date,
	"create_insumo_maq" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insumos_maquinaria_uq" UNIQUE("maquinaria_id","insumo_id"),
	CONSTRAINT "insumos_maquinaria_horas_chk" CHECK ("insumos_maquinaria"."hour_warning" >= 0 and "insumos_maquinaria"."hour_critical" >= "insumos_maquinaria"."hour_warning" and "insumos_maquinaria"."horas_limite" >= "insumos_maquinaria"."hour_critical")
);
--> statement-breakpoint
CREATE TABLE "maquinarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"marca" varchar(100) NOT NULL,
	"modelo" varchar(100),
	"horometro" boolean DEFAULT true NOT NULL,
	"placa" varchar(20) NOT NULL,
	"anio_fabrica" smallint NOT NULL,
	"estado" smallint DEFAULT 0 NOT NULL,
	"horometro_inicial" numeric(12, 2) DEFAULT 0 NOT NULL,
	"veh_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maquinarias_placa_unique" UNIQUE("placa"),
	CONSTRAINT "maquinarias_estado_chk" CHECK ("maquinarias"."estado" between 0 and 3),
	CONSTRAINT "maquinarias_anio_chk" CHECK ("maquinarias"."anio_fabrica" between 1950 and 2100)
);
--> statement-breakpoint
CREATE TABLE "operadores" (
	"operador_id" serial PRIMARY KEY NOT NULL,
	"indiv_id" integer,
	"dni" varchar(8) NOT NULL,
	"nombres" varchar(200) NOT NULL,
	"direccion" varchar(250),
	"celular" varchar(20),
	"email" varchar(120),
	"fecha_nac" date,
	"sexo" varchar(1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operadores_dni_unique" UNIQUE("dni"),
	CONSTRAINT "operadores_dni_chk" CHECK ("operadores"."dni" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "guias_remision" (
	"id" serial PRIMARY KEY NOT NULL,
	"ingreso_id" integer NOT NULL,
	"nro_guiaremision" varchar(40) NOT NULL,
	"fecha_guiaremision" date
);
--> statement-breakpoint
CREATE TABLE "ingresos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nro_ordencompra" varchar(20) NOT NULL,
	"anio" smallint NOT NULL,
	"orden_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"proveedor" varchar(250) NOT NULL,
	"fecha_ordencompra" date,
	"nro_guiaremision" varchar(40),
	"fecha_guiaremision" date,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingresos_orden_uq" UNIQUE("nro_ordencompra","anio"),
	CONSTRAINT "ingresos_orden_id_uq" UNIQUE("orden_id")
);
--> statement-breakpoint
CREATE TABLE "ingresos_det" (
	"id" serial PRIMARY KEY NOT NULL,
	"ingreso_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"unimed" varchar(20) NOT NULL,
	"marca" varchar(120),
	"user_idx" integer,
	CONSTRAINT "ingresos_det_cantidad_chk" CHECK ("ingresos_det"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "salidas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nro_vale" varchar(30) NOT NULL,
	"fecha" date NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"operador_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salidas_det" (
	"salida_det_id" serial PRIMARY KEY NOT NULL,
	"salida_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"observacion" text,
	CONSTRAINT "salidas_det_cantidad_chk" CHECK ("salidas_det"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "movimientos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"insumo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"proveedor" varchar(250) DEFAULT '' NOT NULL,
	"nro_guiaremision" varchar(60) DEFAULT '' NOT NULL,
	"ingreso" numeric(12, 2) DEFAULT 0 NOT NULL,
	"salida" numeric(12, 2) DEFAULT 0 NOT NULL,
	"ingreso_det_id" integer,
	"salida_det_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_tipo_chk" CHECK ("movimientos"."tipo" in ('INGRESO', 'SALIDA')),
	CONSTRAINT "movimientos_cant_chk" CHECK ("movimientos"."ingreso" >= 0 and "movimientos"."salida" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"pedido_id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"observacion" text,
	"fecha" date NOT NULL,
	"estado" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_estado_chk" CHECK ("pedidos"."estado" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "pedidos_det" (
	"pedido_det_id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"insumo_id" integer NOT NULL,
	"unimed_id" integer NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	CONSTRAINT "pedidos_det_cantidad_chk" CHECK ("pedidos_det"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "costos" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "costos_estado_chk" CHECK ("costos"."estado" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "costos_det" (
	"costo_det_id" serial PRIMARY KEY NOT NULL,
	"costo_id" integer NOT NULL,
	"descripcion" varchar(200) NOT NULL,
	"precio" numeric(12, 2) NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"unidad" varchar(10) DEFAULT 'HORA' NOT NULL,
	CONSTRAINT "costos_det_estado_chk" CHECK ("costos_det"."estado" in (0, 1)),
	CONSTRAINT "costos_det_precio_chk" CHECK ("costos_det"."precio" >= 0),
	CONSTRAINT "costos_det_unidad_chk" CHECK ("costos_det"."unidad" in ('HORA', 'KM', 'DIA', 'VIAJE', 'M3'))
);
--> statement-breakpoint
CREATE TABLE "fallas" (
	"falla_id" serial PRIMARY KEY NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"descripcion" varchar(250) NOT NULL,
	"detalle" text,
	"estado" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fallas_estado_chk" CHECK ("fallas"."estado" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "reparaciones" (
	"reparacion_id" serial PRIMARY KEY NOT NULL,
	"orden_id" integer,
	"ordendet_item" integer,
	"maquinaria_id" integer NOT NULL,
	"nro_orden" varchar(20),
	"anio" smallint,
	"servicio" varchar(250),
	"descripcion" text NOT NULL,
	"fecha" date NOT NULL,
	"detalle" text,
	"garantia" varchar(120),
	"proveedor" varchar(250),
	"falla_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cuentas" (
	"cuenta_id" serial PRIMARY KEY NOT NULL,
	"nro_cuenta" varchar(40) NOT NULL,
	"tipo_cuenta" varchar(12) NOT NULL,
	"tasa_impuesto" numeric(5, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "cuentas_nro_cuenta_unique" UNIQUE("nro_cuenta"),
	CONSTRAINT "cuentas_tipo_chk" CHECK ("cuentas"."tipo_cuenta" in ('detraccion', 'deposito'))
);
--> statement-breakpoint
CREATE TABLE "partes_diarios" (
	"parte_id" serial PRIMARY KEY NOT NULL,
	"nro_parte_interno" varchar(30) NOT NULL,
	"fecha" date NOT NULL,
	"maquinaria_id" integer NOT NULL,
	"operador_id" integer NOT NULL,
	"actividad_id" integer NOT NULL,
	"valoriza_id" integer,
	"monto" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partes_diarios_det" (
	"pd_detalle_id" serial PRIMARY KEY NOT NULL,
	"parte_id" integer NOT NULL,
	"costo_det_id" integer NOT NULL,
	"cantid" numeric(12, 2) NOT NULL,
	"preuni" numeric(12, 2) NOT NULL,
	"pretot" numeric(12, 2) NOT NULL,
	"unidad" varchar(10) DEFAULT 'HORA' NOT NULL,
	"observacion" text,
	CONSTRAINT "partes_diarios_det_cant_chk" CHECK ("partes_diarios_det"."cantid" >= 0 and "partes_diarios_det"."preuni" >= 0 and "partes_diarios_det"."pretot" >= 0)
);
--> statement-breakpoint
CREATE TABLE "valorizaciones" (
	"valoriza_id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"rubro" smallint DEFAULT 1 NOT NULL,
	"tipo_doc" smallint DEFAULT 2 NOT NULL,
	"ndoc" varchar(11) NOT NULL,
	"rsocial" varchar(250) DEFAULT '' NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"monto" numeric(12, 2) DEFAULT 0 NOT NULL,
	"monto_detraccion" numeric(12, 2) DEFAULT 0 NOT NULL,
	"monto_deposito" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cta_detraccion" integer,
	"cta_deposito" integer,
	"tasa_detraccion" numeric(5, 2) DEFAULT 0 NOT NULL,
	"observacion" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valorizaciones_rubro_chk" CHECK ("valorizaciones"."rubro" between 1 and 3),
	CONSTRAINT "valorizaciones_tipo_doc_chk" CHECK ("valorizaciones"."tipo_doc" in (1, 2)),
	CONSTRAINT "valorizaciones_ndoc_chk" CHECK ("valorizaciones"."ndoc" ~ '^([0-9]{8}|[0-9]{11})$')
);
--> statement-breakpoint
CREATE TABLE "ext_contribuyentes" (
	"ruc" varchar(11) PRIMARY KEY NOT NULL,
	"razon_social" varchar(250) NOT NULL,
	"direccion" varchar(250),
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_guias_remision" (
	"id" serial PRIMARY KEY NOT NULL,
	"orden_id" integer NOT NULL,
	"nro_guiaremision" varchar(40) NOT NULL,
	"fecha_guiaremision" date
);
--> statement-breakpoint
CREATE TABLE "ext_ordenes_compra" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"nro_ordencompra" varchar(20) NOT NULL,
	"anio" smallint NOT NULL,
	"proveedor" varchar(250) NOT NULL,
	"proveedor_ruc" varchar(11),
	"fecha_ordencompra" date NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ext_ordenes_compra_nro_uq" UNIQUE("nro_ordencompra","anio")
);
--> statement-breakpoint
CREATE TABLE "ext_ordenes_compra_det" (
	"id" serial PRIMARY KEY NOT NULL,
	"orden_id" integer NOT NULL,
	"insumo_codigo" varchar(40) NOT NULL,
	"insumo_name" varchar(250) NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"unimed" varchar(20) NOT NULL,
	"cotidet_marca" varchar(120)
);
--> statement-breakpoint
CREATE TABLE "ext_ordenes_servicio" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"nro_orden" varchar(20) NOT NULL,
	"anio" smallint NOT NULL,
	"orden_fechadoc" date NOT NULL,
	"pers_nombre" varchar(250) NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ext_ordenes_servicio_nro_uq" UNIQUE("nro_orden","anio")
);
--> statement-breakpoint
CREATE TABLE "ext_ordenes_servicio_det" (
	"orden_id" integer NOT NULL,
	"ordendet_item" integer NOT NULL,
	"ordendet_desart" varchar(400) NOT NULL,
	"reqadj_actividades" varchar(400),
	"reqadj_garantia" varchar(120),
	CONSTRAINT "ext_ordenes_servicio_det_orden_id_ordendet_item_pk" PRIMARY KEY("orden_id","ordendet_item")
);
--> statement-breakpoint
CREATE TABLE "ext_personas" (
	"dni" varchar(8) PRIMARY KEY NOT NULL,
	"indiv_id" serial NOT NULL,
	"prenombres" varchar(120) NOT NULL,
	"ap_primer" varchar(80) NOT NULL,
	"ap_segundo" varchar(80) DEFAULT '' NOT NULL,
	"direccion" varchar(250),
	"fecha_nac" date,
	"celular" varchar(20),
	"email" varchar(120),
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_vehiculos" (
	"veh_id" serial PRIMARY KEY NOT NULL,
	"veh_placa" varchar(20) NOT NULL,
	"marca" varchar(100),
	"modelo" varchar(100),
	"anio" smallint,
	"descripcion" varchar(200),
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ext_vehiculos_veh_placa_unique" UNIQUE("veh_placa")
);
--> statement-breakpoint
CREATE TABLE "ajustes" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" varchar(60),
	"action" varchar(20) NOT NULL,
	"resource" varchar(60) NOT NULL,
	"resource_id" varchar(60),
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(300) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" smallint NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insumos" ADD CONSTRAINT "insumos_unimed_id_unimeds_unimed_id_fk" FOREIGN KEY ("unimed_id") REFERENCES "public"."unimeds"("unimed_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_insumo_maq_id_insumos_maquinaria_insumo_maq_id_fk" FOREIGN KEY ("insumo_maq_id") REFERENCES "public"."insumos_maquinaria"("insumo_maq_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insumos_maquinaria" ADD CONSTRAINT "insumos_maquinaria_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insumos_maquinaria" ADD CONSTRAINT "insumos_maquinaria_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_remision" ADD CONSTRAINT "guias_remision_ingreso_id_ingresos_id_fk" FOREIGN KEY ("ingreso_id") REFERENCES "public"."ingresos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos" ADD CONSTRAINT "ingresos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_det" ADD CONSTRAINT "ingresos_det_ingreso_id_ingresos_id_fk" FOREIGN KEY ("ingreso_id") REFERENCES "public"."ingresos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_det" ADD CONSTRAINT "ingresos_det_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_operador_id_operadores_operador_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."operadores"("operador_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas" ADD CONSTRAINT "salidas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_det" ADD CONSTRAINT "salidas_det_salida_id_salidas_id_fk" FOREIGN KEY ("salida_id") REFERENCES "public"."salidas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salidas_det" ADD CONSTRAINT "salidas_det_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_ingreso_det_id_ingresos_det_id_fk" FOREIGN KEY ("ingreso_det_id") REFERENCES "public"."ingresos_det"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_salida_det_id_salidas_det_salida_det_id_fk" FOREIGN KEY ("salida_det_id") REFERENCES "public"."salidas_det"("salida_det_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos_det" ADD CONSTRAINT "pedidos_det_pedido_id_pedidos_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("pedido_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos_det" ADD CONSTRAINT "pedidos_det_insumo_id_insumos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."insumos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos_det" ADD CONSTRAINT "pedidos_det_unimed_id_unimeds_unimed_id_fk" FOREIGN KEY ("unimed_id") REFERENCES "public"."unimeds"("unimed_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costos_det" ADD CONSTRAINT "costos_det_costo_id_costos_id_fk" FOREIGN KEY ("costo_id") REFERENCES "public"."costos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fallas" ADD CONSTRAINT "fallas_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fallas" ADD CONSTRAINT "fallas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparaciones" ADD CONSTRAINT "reparaciones_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparaciones" ADD CONSTRAINT "reparaciones_falla_id_fallas_falla_id_fk" FOREIGN KEY ("falla_id") REFERENCES "public"."fallas"("falla_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_operador_id_operadores_operador_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."operadores"("operador_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_actividad_id_actividades_id_fk" FOREIGN KEY ("actividad_id") REFERENCES "public"."actividades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_valoriza_id_valorizaciones_valoriza_id_fk" FOREIGN KEY ("valoriza_id") REFERENCES "public"."valorizaciones"("valoriza_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios_det" ADD CONSTRAINT "partes_diarios_det_parte_id_partes_diarios_parte_id_fk" FOREIGN KEY ("parte_id") REFERENCES "public"."partes_diarios"("parte_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_diarios_det" ADD CONSTRAINT "partes_diarios_det_costo_det_id_costos_det_costo_det_id_fk" FOREIGN KEY ("costo_det_id") REFERENCES "public"."costos_det"("costo_det_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valorizaciones" ADD CONSTRAINT "valorizaciones_cta_detraccion_cuentas_cuenta_id_fk" FOREIGN KEY ("cta_detraccion") REFERENCES "public"."cuentas"("cuenta_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valorizaciones" ADD CONSTRAINT "valorizaciones_cta_deposito_cuentas_cuenta_id_fk" FOREIGN KEY ("cta_deposito") REFERENCES "public"."cuentas"("cuenta_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ext_guias_remision" ADD CONSTRAINT "ext_guias_remision_orden_id_ext_ordenes_compra_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ext_ordenes_compra"("orden_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ext_ordenes_compra_det" ADD CONSTRAINT "ext_ordenes_compra_det_orden_id_ext_ordenes_compra_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ext_ordenes_compra"("orden_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ext_ordenes_servicio_det" ADD CONSTRAINT "ext_ordenes_servicio_det_orden_id_ext_ordenes_servicio_orden_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ext_ordenes_servicio"("orden_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insumos_search_idx" ON "insumos" USING btree ("search_text");--> statement-breakpoint
CREATE INDEX "cambios_insumo_maq_idx" ON "cambios_insumo" USING btree ("maquinaria_id","fecha");--> statement-breakpoint
CREATE INDEX "ingresos_fecha_idx" ON "ingresos" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "ingresos_det_ingreso_idx" ON "ingresos_det" USING btree ("ingreso_id");--> statement-breakpoint
CREATE INDEX "salidas_fecha_idx" ON "salidas" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "salidas_maq_idx" ON "salidas" USING btree ("maquinaria_id","fecha");--> statement-breakpoint
CREATE INDEX "salidas_det_salida_idx" ON "salidas_det" USING btree ("salida_id");--> statement-breakpoint
CREATE INDEX "movimientos_insumo_fecha_idx" ON "movimientos" USING btree ("insumo_id","fecha","id");--> statement-breakpoint
CREATE INDEX "movimientos_fecha_idx" ON "movimientos" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "pedidos_fecha_idx" ON "pedidos" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "fallas_maq_idx" ON "fallas" USING btree ("maquinaria_id");--> statement-breakpoint
CREATE INDEX "reparaciones_fecha_idx" ON "reparaciones" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "partes_diarios_maq_idx" ON "partes_diarios" USING btree ("maquinaria_id","fecha");--> statement-breakpoint
CREATE INDEX "partes_diarios_valoriza_idx" ON "partes_diarios" USING btree ("valoriza_id");--> statement-breakpoint
CREATE INDEX "valorizaciones_fecha_idx" ON "valorizaciones" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_user_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");