ALTER TABLE "valorizaciones" DROP CONSTRAINT "valorizaciones_ndoc_chk";--> statement-breakpoint
ALTER TABLE "cambios_insumo" ADD CONSTRAINT "cambios_insumo_horas_chk" CHECK ("cambios_insumo"."horometro_pdiario" >= 0 and "cambios_insumo"."horometro_vehiculo" >= 0 and "cambios_insumo"."horas_acumuladas" >= 0);--> statement-breakpoint
ALTER TABLE "maquinarias" ADD CONSTRAINT "maquinarias_horometro_inicial_chk" CHECK ("maquinarias"."horometro_inicial" >= 0);--> statement-breakpoint
ALTER TABLE "cuentas" ADD CONSTRAINT "cuentas_tasa_chk" CHECK ("cuentas"."tasa_impuesto" between 0 and 100);--> statement-breakpoint
ALTER TABLE "partes_diarios" ADD CONSTRAINT "partes_diarios_monto_chk" CHECK ("partes_diarios"."monto" >= 0);--> statement-breakpoint
ALTER TABLE "partes_diarios_det" ADD CONSTRAINT "partes_diarios_det_unidad_chk" CHECK ("partes_diarios_det"."unidad" in ('HORA', 'KM', 'DIA', 'VIAJE', 'M3'));--> statement-breakpoint
ALTER TABLE "valorizaciones" ADD CONSTRAINT "valorizaciones_ndoc_tipo_chk" CHECK (("valorizaciones"."tipo_doc" = 1 and "valorizaciones"."ndoc" ~ '^[0-9]{8}$') or ("valorizaciones"."tipo_doc" = 2 and "valorizaciones"."ndoc" ~ '^[0-9]{11}$'));--> statement-breakpoint
ALTER TABLE "valorizaciones" ADD CONSTRAINT "valorizaciones_montos_chk" CHECK ("valorizaciones"."subtotal" >= 0 and "valorizaciones"."monto" >= 0 and "valorizaciones"."monto_detraccion" >= 0 and "valorizaciones"."monto_deposito" >= 0);--> statement-breakpoint
ALTER TABLE "valorizaciones" ADD CONSTRAINT "valorizaciones_tasa_chk" CHECK ("valorizaciones"."tasa_detraccion" between 0 and 100);