CREATE TABLE "cambios_borrados" (
	"tabla" varchar(60) NOT NULL,
	"id" bigint NOT NULL,
	"version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL,
	"borrado_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insumos" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "maquinarias" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "operadores" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ingresos" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "salidas" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "version" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "cambios_borrados_tabla_idx" ON "cambios_borrados" USING btree ("tabla","version");--> statement-breakpoint
CREATE INDEX "cambios_borrados_at_idx" ON "cambios_borrados" USING btree ("borrado_at");--> statement-breakpoint
CREATE INDEX "insumos_version_idx" ON "insumos" USING btree ("version");--> statement-breakpoint
CREATE INDEX "maquinarias_version_idx" ON "maquinarias" USING btree ("version");--> statement-breakpoint
CREATE INDEX "operadores_version_idx" ON "operadores" USING btree ("version");--> statement-breakpoint
CREATE INDEX "ingresos_version_idx" ON "ingresos" USING btree ("version");--> statement-breakpoint
CREATE INDEX "salidas_version_idx" ON "salidas" USING btree ("version");--> statement-breakpoint
CREATE INDEX "pedidos_version_idx" ON "pedidos" USING btree ("version");--> statement-breakpoint
-- Change cursors of the lists (docs/architecture.md, "List deltas"). A row's `version` is the id of the
-- transaction that last wrote it: the column default on insert, this trigger on update.
CREATE FUNCTION cambio_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;--> statement-breakpoint
-- A detail row written or deleted changes its parent's list row: the parent's version moves.
-- Arguments: parent table, parent key column, the detail's column naming the parent.
CREATE FUNCTION cambio_en_detalle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('UPDATE %I SET version = pg_current_xact_id()::text::bigint WHERE %I IN (SELECT %I FROM nuevas)',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE format('UPDATE %I SET version = pg_current_xact_id()::text::bigint WHERE %I IN (SELECT %I FROM viejas)',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted row leaves a tombstone (table, id, version). Argument: the key column.
CREATE FUNCTION cambio_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO cambios_borrados (tabla, id) SELECT %L, %I FROM viejas', TG_TABLE_NAME, TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER salidas_version BEFORE UPDATE ON salidas FOR EACH ROW EXECUTE FUNCTION cambio_version();--> statement-breakpoint
CREATE TRIGGER ingresos_version BEFORE UPDATE ON ingresos FOR EACH ROW EXECUTE FUNCTION cambio_version();--> statement-breakpoint
CREATE TRIGGER pedidos_version BEFORE UPDATE ON pedidos FOR EACH ROW EXECUTE FUNCTION cambio_version();--> statement-breakpoint
-- The catalogues move only for what a list shows of them (a supply's stock changes with every exit).
CREATE TRIGGER maquinarias_version BEFORE UPDATE ON maquinarias FOR EACH ROW
  WHEN ((OLD.descripcion, OLD.placa) IS DISTINCT FROM (NEW.descripcion, NEW.placa)) EXECUTE FUNCTION cambio_version();--> statement-breakpoint
CREATE TRIGGER operadores_version BEFORE UPDATE ON operadores FOR EACH ROW
  WHEN ((OLD.dni, OLD.nombres) IS DISTINCT FROM (NEW.dni, NEW.nombres)) EXECUTE FUNCTION cambio_version();--> statement-breakpoint
CREATE TRIGGER insumos_version BEFORE UPDATE ON insumos FOR EACH ROW
  WHEN ((OLD.insumo_codigo, OLD.insumo_name) IS DISTINCT FROM (NEW.insumo_codigo, NEW.insumo_name)) EXECUTE FUNCTION cambio_version();--> statement-breakpoint
CREATE TRIGGER salidas_det_ins AFTER INSERT ON salidas_det REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('salidas', 'id', 'salida_id');--> statement-breakpoint
CREATE TRIGGER salidas_det_upd AFTER UPDATE ON salidas_det REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('salidas', 'id', 'salida_id');--> statement-breakpoint
CREATE TRIGGER salidas_det_del AFTER DELETE ON salidas_det REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('salidas', 'id', 'salida_id');--> statement-breakpoint
CREATE TRIGGER pedidos_det_ins AFTER INSERT ON pedidos_det REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('pedidos', 'pedido_id', 'pedido_id');--> statement-breakpoint
CREATE TRIGGER pedidos_det_upd AFTER UPDATE ON pedidos_det REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('pedidos', 'pedido_id', 'pedido_id');--> statement-breakpoint
CREATE TRIGGER pedidos_det_del AFTER DELETE ON pedidos_det REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('pedidos', 'pedido_id', 'pedido_id');--> statement-breakpoint
CREATE TRIGGER guias_remision_ins AFTER INSERT ON guias_remision REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('ingresos', 'id', 'ingreso_id');--> statement-breakpoint
CREATE TRIGGER guias_remision_upd AFTER UPDATE ON guias_remision REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('ingresos', 'id', 'ingreso_id');--> statement-breakpoint
CREATE TRIGGER guias_remision_del AFTER DELETE ON guias_remision REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_en_detalle('ingresos', 'id', 'ingreso_id');--> statement-breakpoint
CREATE TRIGGER salidas_borrado AFTER DELETE ON salidas REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_borrado('id');--> statement-breakpoint
CREATE TRIGGER ingresos_borrado AFTER DELETE ON ingresos REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_borrado('id');--> statement-breakpoint
CREATE TRIGGER pedidos_borrado AFTER DELETE ON pedidos REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cambio_borrado('pedido_id');
