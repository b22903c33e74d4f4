CREATE TABLE "partes_diarios_medidor" (
	"maquinaria_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"horas" numeric(12, 2) DEFAULT 0 NOT NULL,
	"km" numeric(12, 2) DEFAULT 0 NOT NULL,
	"horas_acum" numeric(12, 2) DEFAULT 0 NOT NULL,
	"km_acum" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "partes_diarios_medidor_maquinaria_id_fecha_pk" PRIMARY KEY("maquinaria_id","fecha")
);
--> statement-breakpoint
ALTER TABLE "partes_diarios_medidor" ADD CONSTRAINT "partes_diarios_medidor_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The meter summary is derived from the daily reports and kept by triggers in the same transaction as the report,
-- whoever writes it (the reports module, valuations, the seed, imports, a restore). The function recomputes the
-- given (machine, day) pairs from their report lines, then the running totals of those machines.
CREATE FUNCTION partes_diarios_medidor_refresh(maqs integer[], fechas date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF maqs IS NULL OR cardinality(maqs) = 0 THEN
    RETURN;
  END IF;
  -- One writer per machine at a time (in id order): a save waiting here reads, once it goes on, the lines of every
  -- save committed before it, so two reports of one machine saved at once never leave a stale day or total.
  PERFORM 1 FROM maquinarias WHERE id = ANY (maqs) ORDER BY id FOR NO KEY UPDATE;
  WITH k AS (
    SELECT DISTINCT u.m, u.f FROM unnest(maqs, fechas) AS u (m, f)
  ), s AS (
    SELECT k.m, k.f,
      coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'HORA'), 0) AS horas,
      coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'KM'), 0) AS km
    FROM k
    LEFT JOIN partes_diarios p ON p.maquinaria_id = k.m AND p.fecha = k.f
    LEFT JOIN partes_diarios_det d ON d.parte_id = p.parte_id AND d.unidad IN ('HORA', 'KM')
    GROUP BY k.m, k.f
  ), gone AS (
    DELETE FROM partes_diarios_medidor x USING s
    WHERE x.maquinaria_id = s.m AND x.fecha = s.f AND s.horas = 0 AND s.km = 0
  )
  INSERT INTO partes_diarios_medidor AS x (maquinaria_id, fecha, horas, km)
  SELECT s.m, s.f, s.horas, s.km FROM s WHERE s.horas <> 0 OR s.km <> 0
  ON CONFLICT (maquinaria_id, fecha) DO UPDATE SET horas = excluded.horas, km = excluded.km
  WHERE x.horas <> excluded.horas OR x.km <> excluded.km;
  UPDATE partes_diarios_medidor x SET horas_acum = r.ha, km_acum = r.ka
  FROM (
    SELECT maquinaria_id, fecha, sum(horas) OVER w AS ha, sum(km) OVER w AS ka
    FROM partes_diarios_medidor WHERE maquinaria_id = ANY (maqs)
    WINDOW w AS (PARTITION BY maquinaria_id ORDER BY fecha)
  ) r
  WHERE x.maquinaria_id = r.maquinaria_id AND x.fecha = r.fecha AND (x.horas_acum <> r.ha OR x.km_acum <> r.ka);
END
$$;
--> statement-breakpoint
-- Report lines: the days of the reports they belong to (now). A line deleted with its report finds no report here;
-- the report's own trigger refreshes its day.
CREATE FUNCTION partes_diarios_det_medidor() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maqs integer[];
  fechas date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT p.maquinaria_id, p.fecha FROM nuevas n JOIN partes_diarios p ON p.parte_id = n.parte_id
      WHERE n.unidad IN ('HORA', 'KM')
    ) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT p.maquinaria_id, p.fecha FROM antiguas o JOIN partes_diarios p ON p.parte_id = o.parte_id
      WHERE o.unidad IN ('HORA', 'KM')
    ) k;
  ELSE
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT p.maquinaria_id, p.fecha
      FROM (SELECT parte_id, unidad FROM antiguas UNION SELECT parte_id, unidad FROM nuevas) l
      JOIN partes_diarios p ON p.parte_id = l.parte_id
      WHERE l.unidad IN ('HORA', 'KM')
    ) k;
  END IF;
  PERFORM partes_diarios_medidor_refresh(maqs, fechas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Reports: a report moved to another machine or day refreshes both days; a deleted one (its lines already gone
-- with it) refreshes its day.
CREATE FUNCTION partes_diarios_medidor_parte() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maqs integer[];
  fechas date[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT maquinaria_id, fecha FROM antiguas
    ) k;
  ELSE
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT o.maquinaria_id, o.fecha FROM antiguas o
      WHERE NOT EXISTS (
        SELECT 1 FROM nuevas n WHERE n.parte_id = o.parte_id AND n.maquinaria_id = o.maquinaria_id AND n.fecha = o.fecha
      )
      UNION
      SELECT n.maquinaria_id, n.fecha FROM nuevas n
      WHERE NOT EXISTS (
        SELECT 1 FROM antiguas o WHERE o.parte_id = n.parte_id AND o.maquinaria_id = n.maquinaria_id AND o.fecha = n.fecha
      )
    ) k;
  END IF;
  PERFORM partes_diarios_medidor_refresh(maqs, fechas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION partes_diarios_medidor_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM partes_diarios_medidor;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER partes_diarios_det_medidor_ins AFTER INSERT ON partes_diarios_det
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_det_medidor();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_det_medidor_upd AFTER UPDATE ON partes_diarios_det
  REFERENCING OLD TABLE AS antiguas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_det_medidor();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_det_medidor_del AFTER DELETE ON partes_diarios_det
  REFERENCING OLD TABLE AS antiguas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_det_medidor();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_det_medidor_trunc AFTER TRUNCATE ON partes_diarios_det
  FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_medidor_vaciar();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_upd AFTER UPDATE ON partes_diarios
  REFERENCING OLD TABLE AS antiguas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_medidor_parte();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_del AFTER DELETE ON partes_diarios
  REFERENCING OLD TABLE AS antiguas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_medidor_parte();
--> statement-breakpoint
-- The reports already stored.
INSERT INTO partes_diarios_medidor (maquinaria_id, fecha, horas, km, horas_acum, km_acum)
SELECT maquinaria_id, fecha, horas, km,
  sum(horas) OVER (PARTITION BY maquinaria_id ORDER BY fecha), sum(km) OVER (PARTITION BY maquinaria_id ORDER BY fecha)
FROM (
  SELECT p.maquinaria_id, p.fecha,
    coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'HORA'), 0) AS horas,
    coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'KM'), 0) AS km
  FROM partes_diarios p JOIN partes_diarios_det d ON d.parte_id = p.parte_id AND d.unidad IN ('HORA', 'KM')
  GROUP BY p.maquinaria_id, p.fecha
) s
WHERE horas <> 0 OR km <> 0;
