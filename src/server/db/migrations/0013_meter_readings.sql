-- Meter readings feed the meter summary (docs/architecture.md, "Meter readings"). Per (machine, day) `medido` is what
-- the machine worked: per report, final − initial reading when it has readings, else the quantity of its lines in the
-- machine's meter unit (HORA on an hour meter, KM on an odometer: what the counters read before readings existed, so a
-- report without readings counts exactly as it did and no counter moves on upgrade); `medido_acum` is its running
-- total. The machine meter and every part's wear counter read `medido`/`medido_acum`, whatever the billing unit.
-- `horas`/`km` stay the billed HORA/KM quantities.
CREATE OR REPLACE FUNCTION partes_diarios_medidor_refresh(maqs integer[], fechas date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF maqs IS NULL OR cardinality(maqs) = 0 THEN
    RETURN;
  END IF;
  -- One writer per machine at a time (in id order): a save waiting here reads, once it goes on, the reports of every
  -- save committed before it, so two reports of one machine saved at once never leave a stale day or total.
  PERFORM 1 FROM maquinarias WHERE id = ANY (maqs) ORDER BY id FOR NO KEY UPDATE;
  WITH k AS (
    SELECT DISTINCT u.m, u.f FROM unnest(maqs, fechas) AS u (m, f)
  ), r AS (
    SELECT k.m, k.f, p.parte_id, p.horometro_inicial AS ini, p.horometro_final AS fin,
      coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'HORA'), 0) AS horas,
      coalesce(sum(d.cantid) FILTER (WHERE d.unidad = 'KM'), 0) AS km
    FROM k
    JOIN partes_diarios p ON p.maquinaria_id = k.m AND p.fecha = k.f
    LEFT JOIN partes_diarios_det d ON d.parte_id = p.parte_id AND d.unidad IN ('HORA', 'KM')
    GROUP BY k.m, k.f, p.parte_id, p.horometro_inicial, p.horometro_final
  ), s AS (
    SELECT k.m, k.f,
      coalesce(sum(r.horas), 0) AS horas,
      coalesce(sum(r.km), 0) AS km,
      coalesce(sum(CASE WHEN r.ini IS NOT NULL THEN r.fin - r.ini WHEN mq.horometro THEN r.horas ELSE r.km END), 0) AS medido
    FROM k
    JOIN maquinarias mq ON mq.id = k.m
    LEFT JOIN r ON r.m = k.m AND r.f = k.f
    GROUP BY k.m, k.f
  ), gone AS (
    DELETE FROM partes_diarios_medidor x USING s
    WHERE x.maquinaria_id = s.m AND x.fecha = s.f AND s.horas = 0 AND s.km = 0 AND s.medido = 0
  )
  INSERT INTO partes_diarios_medidor AS x (maquinaria_id, fecha, horas, km, medido)
  SELECT s.m, s.f, s.horas, s.km, s.medido FROM s WHERE s.horas <> 0 OR s.km <> 0 OR s.medido <> 0
  ON CONFLICT (maquinaria_id, fecha) DO UPDATE SET horas = excluded.horas, km = excluded.km, medido = excluded.medido
  WHERE x.horas <> excluded.horas OR x.km <> excluded.km OR x.medido <> excluded.medido;
  UPDATE partes_diarios_medidor x SET horas_acum = r.ha, km_acum = r.ka, medido_acum = r.ma
  FROM (
    SELECT maquinaria_id, fecha, sum(horas) OVER w AS ha, sum(km) OVER w AS ka, sum(medido) OVER w AS ma
    FROM partes_diarios_medidor WHERE maquinaria_id = ANY (maqs)
    WINDOW w AS (PARTITION BY maquinaria_id ORDER BY fecha)
  ) r
  WHERE x.maquinaria_id = r.maquinaria_id AND x.fecha = r.fecha
    AND (x.horas_acum <> r.ha OR x.km_acum <> r.ka OR x.medido_acum <> r.ma);
END
$$;
--> statement-breakpoint
-- Reports: a new report with readings, a report moved to another machine or day (both days) or whose readings changed
-- (a correction), a deleted one (its lines already gone with it). A new report without readings counts through the
-- trigger of its lines.
CREATE OR REPLACE FUNCTION partes_diarios_medidor_parte() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maqs integer[];
  fechas date[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT maquinaria_id, fecha FROM antiguas
    ) k;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.fecha) INTO maqs, fechas FROM (
      SELECT DISTINCT maquinaria_id, fecha FROM nuevas WHERE horometro_inicial IS NOT NULL
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
          AND o.horometro_inicial IS NOT DISTINCT FROM n.horometro_inicial
          AND o.horometro_final IS NOT DISTINCT FROM n.horometro_final
      )
    ) k;
  END IF;
  PERFORM partes_diarios_medidor_refresh(maqs, fechas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_ins AFTER INSERT ON partes_diarios
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION partes_diarios_medidor_parte();
--> statement-breakpoint
-- A machine switched between hour meter and odometer: its reports without readings count the other unit from now on.
CREATE FUNCTION partes_diarios_medidor_maquinaria() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fechas date[];
BEGIN
  SELECT array_agg(DISTINCT fecha) INTO fechas FROM partes_diarios WHERE maquinaria_id = NEW.id;
  PERFORM partes_diarios_medidor_refresh(array_fill(NEW.id, ARRAY[coalesce(cardinality(fechas), 0)]), fechas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_maq_upd AFTER UPDATE OF horometro ON maquinarias
  FOR EACH ROW WHEN (OLD.horometro IS DISTINCT FROM NEW.horometro) EXECUTE FUNCTION partes_diarios_medidor_maquinaria();
--> statement-breakpoint
-- The reports already stored (none has readings yet: `medido` is the quantity the counters read until now).
SELECT partes_diarios_medidor_refresh(array_agg(k.maquinaria_id), array_agg(k.fecha))
FROM (SELECT DISTINCT maquinaria_id, fecha FROM partes_diarios) k;
