DROP INDEX "movimientos_ingreso_det_idx";--> statement-breakpoint
DROP INDEX "movimientos_salida_det_idx";--> statement-breakpoint
DROP INDEX "movimientos_inventario_det_idx";--> statement-breakpoint
CREATE INDEX "movimientos_ingreso_det_idx" ON "movimientos" USING btree ("ingreso_det_id") WHERE "movimientos"."ingreso_det_id" is not null;--> statement-breakpoint
CREATE INDEX "movimientos_salida_det_idx" ON "movimientos" USING btree ("salida_det_id") WHERE "movimientos"."salida_det_id" is not null;--> statement-breakpoint
CREATE INDEX "movimientos_inventario_det_idx" ON "movimientos" USING btree ("inventario_det_id") WHERE "movimientos"."inventario_det_id" is not null;--> statement-breakpoint
-- Room on each page for the valuation's rewrite of later movements to be a HOT update (no index entries): none of
-- the columns it rewrites (costo_unitario, importe, saldo_cantidad, saldo_importe) is indexed. New pages only;
-- pages written before keep theirs until the table is rewritten.
ALTER TABLE "movimientos" SET (fillfactor = 80);
