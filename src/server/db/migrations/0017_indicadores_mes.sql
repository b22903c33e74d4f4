CREATE TABLE "indicadores_mes" (
	"maquinaria_id" integer NOT NULL,
	"mes" date NOT NULL,
	"paro_seg" numeric[] DEFAULT '{0,0,0,0,0,0,0}' NOT NULL,
	"reparaciones" integer DEFAULT 0 NOT NULL,
	"horas_reparacion" numeric DEFAULT '0' NOT NULL,
	"fallas" integer DEFAULT 0 NOT NULL,
	"reparacion_monto" numeric(12, 2) DEFAULT 0 NOT NULL,
	"mano_obra_horas" numeric(12, 2) DEFAULT 0 NOT NULL,
	"medido" numeric(12, 2) DEFAULT 0 NOT NULL,
	"horas" numeric(12, 2) DEFAULT 0 NOT NULL,
	"km" numeric(12, 2) DEFAULT 0 NOT NULL,
	"ot_preventivas" integer DEFAULT 0 NOT NULL,
	"ot_correctivas" integer DEFAULT 0 NOT NULL,
	"cerradas_preventivas" integer DEFAULT 0 NOT NULL,
	"cerradas_preventivas_horas" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cerradas_correctivas" integer DEFAULT 0 NOT NULL,
	"cerradas_correctivas_horas" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "indicadores_mes_maquinaria_id_mes_pk" PRIMARY KEY("maquinaria_id","mes")
);
--> statement-breakpoint
ALTER TABLE "indicadores_mes" ADD CONSTRAINT "indicadores_mes_maquinaria_id_maquinarias_id_fk" FOREIGN KEY ("maquinaria_id") REFERENCES "public"."maquinarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maquinarias_estados_hasta_idx" ON "maquinarias_estados" USING btree ("hasta");--> statement-breakpoint
CREATE INDEX "maquinarias_estados_orden_idx" ON "maquinarias_estados" USING btree ("ref_id") WHERE "maquinarias_estados"."origen" = 'ORDEN';--> statement-breakpoint
-- The fleet indicators' monthly summary (docs/costs.md, "Fleet indicators") is derived and kept by triggers in the
-- same transaction as the write, whoever writes (the modules, imports, the seed, a restore, a bulk UPDATE). This
-- function recomputes every column but the meter's for whole machines: the closed stops cut into Lima days by
-- weekday and the corrective ones by the month they ended, the failures, the repairs' amounts, the labour hours, the
-- work orders opened less closed and the closed ones' labour.
CREATE FUNCTION indicadores_mes_refresh(maqs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF maqs IS NULL OR cardinality(maqs) = 0 THEN
    RETURN;
  END IF;
  -- One writer per machine at a time (in id order), as the meter summary; a machine deleted meanwhile is left out.
  maqs := ARRAY(SELECT id FROM maquinarias WHERE id = ANY (maqs) ORDER BY id FOR NO KEY UPDATE);
  IF cardinality(maqs) = 0 THEN
    RETURN;
  END IF;
  UPDATE indicadores_mes SET paro_seg = '{0,0,0,0,0,0,0}', reparaciones = 0, horas_reparacion = 0, fallas = 0, reparacion_monto = 0, mano_obra_horas = 0, ot_preventivas = 0, ot_correctivas = 0, cerradas_preventivas = 0, cerradas_preventivas_horas = 0, cerradas_correctivas = 0, cerradas_correctivas_horas = 0
  WHERE maquinaria_id = ANY (maqs);
  WITH p AS (
    SELECT e.maquinaria_id, e.desde AT TIME ZONE 'America/Lima' AS a, e.hasta AT TIME ZONE 'America/Lima' AS b,
      (e.origen IN ('FALLA', 'REPARACION') OR (e.origen = 'ORDEN'
        AND EXISTS (SELECT 1 FROM ordenes_trabajo o WHERE o.ot_id = e.ref_id AND o.tipo = 'CORRECTIVA'))) AS correctivo,
      extract(epoch FROM e.hasta - e.desde) / 3600 AS horas
    FROM maquinarias_estados e
    WHERE e.maquinaria_id = ANY (maqs) AND e.estado <> 0 AND e.hasta IS NOT NULL
  ), d AS (
    SELECT p.maquinaria_id, date_trunc('month', g)::date AS mes, extract(isodow FROM g)::int AS dow,
      sum(extract(epoch FROM least(p.b, g + interval '1 day') - greatest(p.a, g))) AS seg
    FROM p CROSS JOIN LATERAL generate_series(date_trunc('day', p.a), p.b, interval '1 day') g
    WHERE p.b > p.a
    GROUP BY 1, 2, 3
  ), v AS (
    SELECT maquinaria_id, mes, ARRAY[coalesce(sum(seg) FILTER (WHERE dow = 1), 0), coalesce(sum(seg) FILTER (WHERE dow = 2), 0), coalesce(sum(seg) FILTER (WHERE dow = 3), 0), coalesce(sum(seg) FILTER (WHERE dow = 4), 0), coalesce(sum(seg) FILTER (WHERE dow = 5), 0), coalesce(sum(seg) FILTER (WHERE dow = 6), 0), coalesce(sum(seg) FILTER (WHERE dow = 7), 0)] AS paro_seg, 0 AS reparaciones, 0::numeric AS horas_reparacion, 0 AS fallas, 0::numeric AS reparacion_monto, 0::numeric AS mano_obra_horas, 0 AS ot_preventivas, 0 AS ot_correctivas, 0 AS cerradas_preventivas, 0::numeric AS cerradas_preventivas_horas, 0 AS cerradas_correctivas, 0::numeric AS cerradas_correctivas_horas
    FROM d GROUP BY 1, 2
    UNION ALL
    SELECT maquinaria_id, date_trunc('month', b)::date, NULL, count(*)::int, sum(horas), 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM p WHERE correctivo GROUP BY 1, 2
    UNION ALL
    SELECT maquinaria_id, date_trunc('month', created_at AT TIME ZONE 'America/Lima')::date, NULL, 0, 0, count(*)::int, 0, 0, 0, 0, 0, 0, 0, 0
    FROM fallas WHERE maquinaria_id = ANY (maqs) GROUP BY 1, 2
    UNION ALL
    SELECT maquinaria_id, date_trunc('month', fecha)::date, NULL, 0, 0, 0, sum(monto), 0, 0, 0, 0, 0, 0, 0
    FROM reparaciones WHERE maquinaria_id = ANY (maqs) GROUP BY 1, 2
    UNION ALL
    SELECT o.maquinaria_id, date_trunc('month', mo.fecha)::date, NULL, 0, 0, 0, 0, sum(mo.horas), 0, 0, 0, 0, 0, 0
    FROM ordenes_trabajo_mano_obra mo JOIN ordenes_trabajo o ON o.ot_id = mo.ot_id
    WHERE o.maquinaria_id = ANY (maqs) AND o.estado <> 'ANULADA' GROUP BY 1, 2
    UNION ALL
    SELECT maquinaria_id, date_trunc('month', created_at AT TIME ZONE 'America/Lima')::date, NULL, 0, 0, 0, 0, 0, (tipo = 'PREVENTIVA')::int, (tipo = 'CORRECTIVA')::int, 0, 0, 0, 0
    FROM ordenes_trabajo WHERE maquinaria_id = ANY (maqs)
    UNION ALL
    SELECT maquinaria_id, greatest(date_trunc('month', coalesce(fin, updated_at) AT TIME ZONE 'America/Lima')::date, date_trunc('month', created_at AT TIME ZONE 'America/Lima')::date), NULL, 0, 0, 0, 0, 0, -(tipo = 'PREVENTIVA')::int, -(tipo = 'CORRECTIVA')::int, 0, 0, 0, 0
    FROM ordenes_trabajo WHERE maquinaria_id = ANY (maqs) AND estado IN ('CERRADA', 'ANULADA')
    UNION ALL
    SELECT o.maquinaria_id, date_trunc('month', o.created_at AT TIME ZONE 'America/Lima')::date, NULL, 0, 0, 0, 0, 0, 0, 0, count(*) FILTER (WHERE o.tipo = 'PREVENTIVA')::int, coalesce(sum(mo.horas) FILTER (WHERE o.tipo = 'PREVENTIVA'), 0), count(*) FILTER (WHERE o.tipo = 'CORRECTIVA')::int, coalesce(sum(mo.horas) FILTER (WHERE o.tipo = 'CORRECTIVA'), 0)
    FROM ordenes_trabajo o JOIN (SELECT ot_id, sum(horas) AS horas FROM ordenes_trabajo_mano_obra GROUP BY ot_id) mo ON mo.ot_id = o.ot_id
    WHERE o.maquinaria_id = ANY (maqs) AND o.estado = 'CERRADA' GROUP BY 1, 2
  )
  INSERT INTO indicadores_mes AS x (maquinaria_id, mes, paro_seg, reparaciones, horas_reparacion, fallas, reparacion_monto, mano_obra_horas, ot_preventivas, ot_correctivas, cerradas_preventivas, cerradas_preventivas_horas, cerradas_correctivas, cerradas_correctivas_horas)
  SELECT maquinaria_id, mes, coalesce(max(paro_seg), '{0,0,0,0,0,0,0}'), sum(reparaciones), sum(horas_reparacion), sum(fallas), sum(reparacion_monto), sum(mano_obra_horas), sum(ot_preventivas), sum(ot_correctivas), sum(cerradas_preventivas), sum(cerradas_preventivas_horas), sum(cerradas_correctivas), sum(cerradas_correctivas_horas)
  FROM v GROUP BY 1, 2
  ON CONFLICT (maquinaria_id, mes) DO UPDATE SET paro_seg = excluded.paro_seg,
    reparaciones = excluded.reparaciones,
    horas_reparacion = excluded.horas_reparacion,
    fallas = excluded.fallas,
    reparacion_monto = excluded.reparacion_monto,
    mano_obra_horas = excluded.mano_obra_horas,
    ot_preventivas = excluded.ot_preventivas,
    ot_correctivas = excluded.ot_correctivas,
    cerradas_preventivas = excluded.cerradas_preventivas,
    cerradas_preventivas_horas = excluded.cerradas_preventivas_horas,
    cerradas_correctivas = excluded.cerradas_correctivas,
    cerradas_correctivas_horas = excluded.cerradas_correctivas_horas;
  -- no row of zeros: the summary is the same whichever way it was reached (a restore, a recomputation)
  DELETE FROM indicadores_mes WHERE maquinaria_id = ANY (maqs) AND paro_seg = '{0,0,0,0,0,0,0}' AND reparaciones = 0 AND horas_reparacion = 0 AND fallas = 0 AND reparacion_monto = 0 AND mano_obra_horas = 0 AND medido = 0 AND horas = 0
    AND km = 0 AND ot_preventivas = 0 AND ot_correctivas = 0 AND cerradas_preventivas = 0 AND cerradas_preventivas_horas = 0 AND cerradas_correctivas = 0 AND cerradas_correctivas_horas = 0;
END
$$;
--> statement-breakpoint
-- The meter columns of the given (machine, month) pairs, from the meter summary's days.
CREATE FUNCTION indicadores_mes_medidor(maqs integer[], meses date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF maqs IS NULL OR cardinality(maqs) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM maquinarias WHERE id = ANY (maqs) ORDER BY id FOR NO KEY UPDATE;
  WITH k AS (
    SELECT DISTINCT u.m, u.f FROM unnest(maqs, meses) AS u (m, f) WHERE EXISTS (SELECT 1 FROM maquinarias WHERE id = u.m)
  ), s AS (
    SELECT k.m, k.f, coalesce(sum(s.medido), 0) AS medido, coalesce(sum(s.horas), 0) AS horas, coalesce(sum(s.km), 0) AS km
    FROM k LEFT JOIN partes_diarios_medidor s ON s.maquinaria_id = k.m AND s.fecha >= k.f AND s.fecha < k.f + interval '1 month'
    GROUP BY k.m, k.f
  )
  INSERT INTO indicadores_mes AS x (maquinaria_id, mes, medido, horas, km)
  SELECT s.m, s.f, s.medido, s.horas, s.km FROM s
  ON CONFLICT (maquinaria_id, mes) DO UPDATE SET medido = excluded.medido, horas = excluded.horas, km = excluded.km
  WHERE x.medido <> excluded.medido OR x.horas <> excluded.horas OR x.km <> excluded.km;
  DELETE FROM indicadores_mes x USING unnest(maqs, meses) AS u (m, f)
  WHERE x.maquinaria_id = u.m AND x.mes = u.f AND paro_seg = '{0,0,0,0,0,0,0}' AND reparaciones = 0 AND horas_reparacion = 0 AND fallas = 0 AND reparacion_monto = 0 AND mano_obra_horas = 0 AND medido = 0 AND horas = 0
    AND km = 0 AND ot_preventivas = 0 AND ot_correctivas = 0 AND cerradas_preventivas = 0 AND cerradas_preventivas_horas = 0 AND cerradas_correctivas = 0 AND cerradas_correctivas_horas = 0;
END
$$;
--> statement-breakpoint
-- The machines a statement touched, by table: old and new rows (an update that moves a row refreshes both machines).
-- Work orders: their machines' labour, and the stops they began (corrective or not by the order's type).
CREATE FUNCTION indicadores_mes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maqs integer[];
BEGIN
  IF TG_TABLE_NAME = 'maquinarias' THEN
    SELECT array_agg(id) INTO maqs FROM nuevas;
  ELSIF TG_TABLE_NAME = 'ordenes_trabajo' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT m) INTO maqs FROM (
        SELECT maquinaria_id AS m FROM nuevas
        UNION SELECT e.maquinaria_id FROM nuevas n JOIN maquinarias_estados e ON e.origen = 'ORDEN' AND e.ref_id = n.ot_id
      ) k;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT m) INTO maqs FROM (
        SELECT maquinaria_id AS m FROM antiguas
        UNION SELECT e.maquinaria_id FROM antiguas o JOIN maquinarias_estados e ON e.origen = 'ORDEN' AND e.ref_id = o.ot_id
      ) k;
    ELSE
      SELECT array_agg(DISTINCT m) INTO maqs FROM (
        SELECT u.m FROM antiguas o JOIN nuevas n ON n.ot_id = o.ot_id
          CROSS JOIN LATERAL (VALUES (o.maquinaria_id), (n.maquinaria_id)) u (m)
        WHERE o.maquinaria_id <> n.maquinaria_id OR o.estado IS DISTINCT FROM n.estado OR o.tipo IS DISTINCT FROM n.tipo
          OR o.created_at IS DISTINCT FROM n.created_at OR o.fin IS DISTINCT FROM n.fin OR o.updated_at IS DISTINCT FROM n.updated_at
        UNION SELECT e.maquinaria_id FROM antiguas o JOIN nuevas n ON n.ot_id = o.ot_id
          JOIN maquinarias_estados e ON e.origen = 'ORDEN' AND e.ref_id = o.ot_id
        WHERE o.tipo IS DISTINCT FROM n.tipo
      ) k;
    END IF;
  ELSIF TG_TABLE_NAME = 'ordenes_trabajo_mano_obra' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT o.maquinaria_id) INTO maqs FROM ordenes_trabajo o WHERE o.ot_id IN (SELECT ot_id FROM nuevas);
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o.maquinaria_id) INTO maqs FROM ordenes_trabajo o WHERE o.ot_id IN (SELECT ot_id FROM antiguas);
    ELSE
      SELECT array_agg(DISTINCT o.maquinaria_id) INTO maqs FROM ordenes_trabajo o
      WHERE o.ot_id IN (SELECT ot_id FROM antiguas UNION SELECT ot_id FROM nuevas);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT maquinaria_id) INTO maqs FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT maquinaria_id) INTO maqs FROM antiguas;
  ELSE
    SELECT array_agg(DISTINCT maquinaria_id) INTO maqs FROM (
      SELECT maquinaria_id FROM antiguas UNION SELECT maquinaria_id FROM nuevas
    ) k;
  END IF;
  PERFORM indicadores_mes_refresh(maqs);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The meter summary's days whose quantities changed (its running totals alone do not count).
CREATE FUNCTION indicadores_mes_medidor_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maqs integer[];
  meses date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.mes) INTO maqs, meses FROM (
      SELECT DISTINCT maquinaria_id, date_trunc('month', fecha)::date AS mes FROM nuevas
    ) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.maquinaria_id), array_agg(k.mes) INTO maqs, meses FROM (
      SELECT DISTINCT maquinaria_id, date_trunc('month', fecha)::date AS mes FROM antiguas
    ) k;
  ELSE
    SELECT array_agg(k.maquinaria_id), array_agg(k.mes) INTO maqs, meses FROM (
      SELECT DISTINCT u.maquinaria_id, date_trunc('month', u.fecha)::date AS mes
      FROM antiguas o JOIN nuevas n ON n.maquinaria_id = o.maquinaria_id AND n.fecha = o.fecha
        CROSS JOIN LATERAL (VALUES (o.maquinaria_id, o.fecha), (n.maquinaria_id, n.fecha)) u (maquinaria_id, fecha)
      WHERE o.medido <> n.medido OR o.horas <> n.horas OR o.km <> n.km
    ) k;
  END IF;
  PERFORM indicadores_mes_medidor(maqs, meses);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION indicadores_mes_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'partes_diarios_medidor' THEN
    UPDATE indicadores_mes SET medido = 0, horas = 0, km = 0;
    DELETE FROM indicadores_mes WHERE paro_seg = '{0,0,0,0,0,0,0}' AND reparaciones = 0 AND horas_reparacion = 0 AND fallas = 0 AND reparacion_monto = 0 AND mano_obra_horas = 0 AND medido = 0 AND horas = 0
    AND km = 0 AND ot_preventivas = 0 AND ot_correctivas = 0 AND cerradas_preventivas = 0 AND cerradas_preventivas_horas = 0 AND cerradas_correctivas = 0 AND cerradas_correctivas_horas = 0;
  ELSE
    PERFORM indicadores_mes_refresh(ARRAY(SELECT id FROM maquinarias));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['maquinarias_estados', 'fallas', 'reparaciones', 'ordenes_trabajo', 'ordenes_trabajo_mano_obra'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_ind_ins AFTER INSERT ON %1$s REFERENCING NEW TABLE AS nuevas
      FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_ind_upd AFTER UPDATE ON %1$s REFERENCING OLD TABLE AS antiguas NEW TABLE AS nuevas
      FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_ind_del AFTER DELETE ON %1$s REFERENCING OLD TABLE AS antiguas
      FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_ind_trunc AFTER TRUNCATE ON %1$s FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_vaciar()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A machine registered with rows already waiting for it (a restore loads the failures before the machines).
CREATE TRIGGER maquinarias_ind_ins AFTER INSERT ON maquinarias REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_trigger();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_ind_ins AFTER INSERT ON partes_diarios_medidor REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_medidor_trigger();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_ind_upd AFTER UPDATE ON partes_diarios_medidor REFERENCING OLD TABLE AS antiguas
  NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_medidor_trigger();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_ind_del AFTER DELETE ON partes_diarios_medidor REFERENCING OLD TABLE AS antiguas
  FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_medidor_trigger();
--> statement-breakpoint
CREATE TRIGGER partes_diarios_medidor_ind_trunc AFTER TRUNCATE ON partes_diarios_medidor
  FOR EACH STATEMENT EXECUTE FUNCTION indicadores_mes_vaciar();
--> statement-breakpoint
-- What is already stored.
SELECT indicadores_mes_refresh(ARRAY(SELECT id FROM maquinarias));
--> statement-breakpoint
INSERT INTO indicadores_mes AS x (maquinaria_id, mes, medido, horas, km)
SELECT maquinaria_id, date_trunc('month', fecha)::date, sum(medido), sum(horas), sum(km)
FROM partes_diarios_medidor GROUP BY 1, 2
ON CONFLICT (maquinaria_id, mes) DO UPDATE SET medido = excluded.medido, horas = excluded.horas, km = excluded.km;
