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
