SELECT "privrisk_c0", "privrisk_c1", t FROM (
WITH class_value AS (
  SELECT "privrisk_c0", "privrisk_c1", CASE WHEN "privrisk_c2" = ('low' COLLATE BINARY) THEN 1 WHEN "privrisk_c2" = ('hi' COLLATE BINARY) THEN 2 END AS v, COUNT(*) AS c
  FROM (SELECT "zip" AS "privrisk_c0", "we""ird; DROP TABLE x;--" AS "privrisk_c1", "band" AS "privrisk_c2" FROM "people") privrisk_named
  WHERE "privrisk_c2" IS NOT NULL
  GROUP BY "privrisk_c0", "privrisk_c1", CASE WHEN "privrisk_c2" = ('low' COLLATE BINARY) THEN 1 WHEN "privrisk_c2" = ('hi' COLLATE BINARY) THEN 2 END
),
value_counts AS (
  SELECT v, ROW_NUMBER() OVER (ORDER BY v) AS value_id, SUM(c) AS g FROM class_value GROUP BY v
),
value_cdf AS (
  SELECT v, value_id,
    CAST(SUM(g) OVER (ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION)
      / (SELECT SUM(g) FROM value_counts) AS f
  FROM value_counts
),
value_prefix AS (
  SELECT v, value_id, f, SUM(f) OVER (ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS p
  FROM value_cdf
),
class_value_ids AS (
SELECT "privrisk_c0", "privrisk_c1", c, value_id, p_before FROM (
    SELECT "privrisk_c0", "privrisk_c1", c, is_row,
      MAX(value_id) OVER o AS value_id,
      MAX(p - f) OVER o AS p_before
    FROM (
      SELECT "privrisk_c0", "privrisk_c1", c, v, 1 AS is_row, NULL AS value_id, NULL AS f, NULL AS p
      FROM class_value
      UNION ALL
      SELECT NULL, NULL, NULL, v, 0, value_id, f, p FROM value_prefix
    ) by_value
    WINDOW o AS (ORDER BY v, is_row ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  ) carried
  WHERE is_row = 1
),
class_steps AS (
  SELECT "privrisk_c0", "privrisk_c1", value_id AS start_id,
    COALESCE(LEAD(value_id) OVER w - 1, (SELECT COUNT(*) FROM value_counts)) AS end_id,
    CAST(SUM(c) OVER (PARTITION BY "privrisk_c0", "privrisk_c1" ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION)
      / SUM(c) OVER (PARTITION BY "privrisk_c0", "privrisk_c1") AS a,
    p_before,
    COALESCE(LEAD(p_before) OVER w, (SELECT SUM(f) FROM value_cdf)) AS p_end
  FROM class_value_ids
  WINDOW w AS (PARTITION BY "privrisk_c0", "privrisk_c1" ORDER BY value_id)
  UNION ALL
  SELECT "privrisk_c0", "privrisk_c1", 1, MIN(value_id) - 1, CAST(0 AS DOUBLE PRECISION), CAST(0 AS DOUBLE PRECISION),
    MIN(p_before)
  FROM class_value_ids
  GROUP BY "privrisk_c0", "privrisk_c1"
),
splits AS (
  SELECT "privrisk_c0", "privrisk_c1", start_id, end_id, a, p_before, p_end,
    CASE WHEN below < start_id - 1 THEN start_id - 1 WHEN below > end_id THEN end_id ELSE below END AS s,
    CASE WHEN below < start_id - 1 THEN p_before WHEN below > end_id THEN p_end ELSE p_below END AS p_s
  FROM (
    SELECT "privrisk_c0", "privrisk_c1", start_id, end_id, a, p_before, p_end, is_step,
      SUM(1 - is_step) OVER o AS below,
      SUM(CASE WHEN is_step = 0 THEN a ELSE 0 END) OVER o AS p_below
    FROM (
      SELECT "privrisk_c0", "privrisk_c1", start_id, end_id, a, p_before, p_end, 1 AS is_step
      FROM class_steps WHERE end_id >= start_id
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, f, NULL, NULL, 0 FROM value_cdf
    ) events
    WINDOW o AS (ORDER BY a, is_step ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  ) counted
  WHERE is_step = 1
)
SELECT "privrisk_c0", "privrisk_c1", CASE WHEN t < 1e-12 THEN CAST(0 AS DOUBLE PRECISION) ELSE t END AS t FROM (
  SELECT "privrisk_c0", "privrisk_c1",
    SUM(a * (s - start_id + 1) - (p_s - p_before) + (p_end - p_s) - a * (end_id - s))
      / NULLIF((SELECT COUNT(*) FROM value_counts) - 1, 0) AS t
  FROM splits
  GROUP BY "privrisk_c0", "privrisk_c1"
) class_distances
) privrisk_classes
WHERE t > 0.25
