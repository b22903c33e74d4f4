-- The statement triggers compared a statement's old and new rows with a join (or NOT EXISTS) between its two transition
-- tables. The planner has no statistics for a transition table and estimates one row for each, so it chose a nested
-- loop: an update of n rows compared n² pairs (an import of 7,300 report lines took 12 s, of 29,200 lines 190 s, on
-- the running totals' update of the meter summary). The same questions asked with EXCEPT (hashed or sorted, never
-- pairwise) give the same rows in linear time, whatever the estimate.

-- The meter summary's days whose quantities changed (its running totals alone do not count): the rows whose
-- (machine, day, quantities) are on one side only.
CREATE OR REPLACE FUNCTION indicadores_mes_medidor_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
      SELECT DISTINCT d.maquinaria_id, date_trunc('month', d.fecha)::date AS mes FROM (
        (SELECT maquinaria_id, fecha, medido, horas, km FROM antiguas
         EXCEPT SELECT maquinaria_id, fecha, medido, horas, km FROM nuevas)
        UNION ALL
        (SELECT maquinaria_id, fecha, medido, horas, km FROM nuevas
         EXCEPT SELECT maquinaria_id, fecha, medido, horas, km FROM antiguas)
      ) d
    ) k;
  END IF;
  PERFORM indicadores_mes_medidor(maqs, meses);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The machines a statement touched, by table: old and new rows (an update that moves a row refreshes both machines).
-- Work orders: their machines' labour, and the stops they began (corrective or not by the order's type). An updated
-- order counts when one of the columns the summary reads changed (its row on one side only); its stops, when its type
-- changed.
CREATE OR REPLACE FUNCTION indicadores_mes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT d.maquinaria_id AS m FROM (
          (SELECT ot_id, maquinaria_id, estado, tipo, created_at, fin, updated_at FROM antiguas
           EXCEPT SELECT ot_id, maquinaria_id, estado, tipo, created_at, fin, updated_at FROM nuevas)
          UNION ALL
          (SELECT ot_id, maquinaria_id, estado, tipo, created_at, fin, updated_at FROM nuevas
           EXCEPT SELECT ot_id, maquinaria_id, estado, tipo, created_at, fin, updated_at FROM antiguas)
        ) d
        UNION SELECT e.maquinaria_id FROM (
          SELECT ot_id, tipo FROM antiguas EXCEPT SELECT ot_id, tipo FROM nuevas
        ) t JOIN maquinarias_estados e ON e.origen = 'ORDEN' AND e.ref_id = t.ot_id
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
-- Reports: a new report with readings, a report moved to another machine or day (both days) or whose readings changed
-- (a correction), a deleted one (its lines already gone with it). A new report without readings counts through the
-- trigger of its lines. An updated report's old day counts when its (report, machine, day) is gone from the new rows;
-- its new day when its (report, machine, day, readings) is not among the old rows.
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
      SELECT o.maquinaria_id, o.fecha FROM (
        SELECT parte_id, maquinaria_id, fecha FROM antiguas EXCEPT SELECT parte_id, maquinaria_id, fecha FROM nuevas
      ) o
      UNION
      SELECT n.maquinaria_id, n.fecha FROM (
        SELECT parte_id, maquinaria_id, fecha, horometro_inicial, horometro_final FROM nuevas
        EXCEPT SELECT parte_id, maquinaria_id, fecha, horometro_inicial, horometro_final FROM antiguas
      ) n
    ) k;
  END IF;
  PERFORM partes_diarios_medidor_refresh(maqs, fechas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The closed orders' labour (the backlog's estimate) joined line by line to the machines' own orders: it summed every
-- order's labour of the fleet first, for each refresh of one machine (15 of a refresh's 29 ms with 6,240 lines).
CREATE OR REPLACE FUNCTION indicadores_mes_refresh(maqs integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
    SELECT o.maquinaria_id, date_trunc('month', o.created_at AT TIME ZONE 'America/Lima')::date, NULL, 0, 0, 0, 0, 0, 0, 0, count(DISTINCT o.ot_id) FILTER (WHERE o.tipo = 'PREVENTIVA')::int, coalesce(sum(mo.horas) FILTER (WHERE o.tipo = 'PREVENTIVA'), 0), count(DISTINCT o.ot_id) FILTER (WHERE o.tipo = 'CORRECTIVA')::int, coalesce(sum(mo.horas) FILTER (WHERE o.tipo = 'CORRECTIVA'), 0)
    FROM ordenes_trabajo o JOIN ordenes_trabajo_mano_obra mo ON mo.ot_id = o.ot_id
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
