ALTER TABLE "cambios_insumo" DROP CONSTRAINT "cambios_insumo_insumo_maq_id_insumos_maquinaria_insumo_maq_id_fk";
--> statement-breakpoint
ALTER TABLE "cambios_insumo" ALTER COLUMN "insumo_maq_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_insumo_maq_id_insumos_maquinaria_insumo_maq_id_fk" FOREIGN KEY ("insumo_maq_id") REFERENCES "public"."insumos_maquinaria"("insumo_maq_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cambios_insumo_fecha_idx" ON "cambios_insumo" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "partes_diarios_det_parte_idx" ON "partes_diarios_det" USING btree ("parte_id");
