SELECT `privrisk_c0`, `privrisk_c1`, t FROM (
WITH class_value AS (
  SELECT `privrisk_c0`, `privrisk_c1`, CASE WHEN `privrisk_c2` = (CONVERT('low' USING utf8mb4) COLLATE utf8mb4_nopad_bin) THEN 1 WHEN `privrisk_c2` = (CONVERT('hi' USING utf8mb4) COLLATE utf8mb4_nopad_bin) THEN 2 END AS v, COUNT(*) AS c
  FROM (SELECT `zip` AS `privrisk_c0`, `we"ird; DROP TABLE x;--` AS `privrisk_c1`, `band` AS `privrisk_c2` FROM "people") privrisk_named
  WHERE `privrisk_c2` IS NOT NULL
  GROUP BY `privrisk_c0`, `privrisk_c1`, CASE WHEN `privrisk_c2` = (CONVERT('low' USING utf8mb4) COLLATE utf8mb4_nopad_bin) THEN 1 WHEN `privrisk_c2` = (CONVERT('hi' USING utf8mb4) COLLATE utf8mb4_nopad_bin) THEN 2 END
),
value_counts AS (
  SELECT v, ROW_NUMBER() OVER (ORDER BY v ASC) AS value_id, SUM(c) AS g FROM class_value GROUP BY v
),
value_cdf AS (
  SELECT v, value_id,
    CAST(SUM(g) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) AS cg
  FROM value_counts
),
value_prefix AS (
  SELECT v, value_id, cg, SUM(cg) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS pg
  FROM value_cdf
),
table_size AS (
  SELECT COUNT(*) AS m, MAX(cg) AS n, MAX(pg) AS pg_end FROM value_prefix
),
class_value_ids AS (
SELECT r.`privrisk_c0`, r.`privrisk_c1`, r.c, x.value_id, x.pg - x.cg AS pg_before
  FROM class_value r
  JOIN value_prefix x ON x.v = r.v
),
class_steps AS (
  SELECT `privrisk_c0`, `privrisk_c1`, value_id AS start_id,
    COALESCE(LEAD(value_id) OVER w - 1, (SELECT m FROM table_size)) AS end_id,
    CAST(SUM(c) OVER (PARTITION BY `privrisk_c0`, CASE WHEN LENGTH(`privrisk_c0`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c0`, 256)) END, `privrisk_c1`, CASE WHEN LENGTH(`privrisk_c1`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c1`, 256)) END ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) AS ca,
    SUM(c) OVER (PARTITION BY `privrisk_c0`, CASE WHEN LENGTH(`privrisk_c0`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c0`, 256)) END, `privrisk_c1`, CASE WHEN LENGTH(`privrisk_c1`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c1`, 256)) END) AS class_size,
    pg_before,
    COALESCE(LEAD(pg_before) OVER w, (SELECT pg_end FROM table_size)) AS pg_end
  FROM class_value_ids
  WINDOW w AS (PARTITION BY `privrisk_c0`, CASE WHEN LENGTH(`privrisk_c0`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c0`, 256)) END, `privrisk_c1`, CASE WHEN LENGTH(`privrisk_c1`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c1`, 256)) END ORDER BY value_id ASC)
  UNION ALL
  SELECT `privrisk_c0`, `privrisk_c1`, 1, MIN(value_id) - 1, CAST(0 AS DOUBLE), SUM(c), CAST(0 AS DOUBLE), MIN(pg_before)
  FROM class_value_ids
  GROUP BY `privrisk_c0`, `privrisk_c1`
),
splits AS (
  SELECT `privrisk_c0`, `privrisk_c1`, start_id, end_id, ca, class_size, pg_before, pg_end,
    CASE WHEN below < start_id - 1 THEN start_id - 1 WHEN below > end_id THEN end_id ELSE below END AS s,
    CASE WHEN below < start_id - 1 THEN pg_before WHEN below > end_id THEN pg_end ELSE pg_below END AS pg_s
  FROM (
    SELECT `privrisk_c0`, `privrisk_c1`, start_id, end_id, ca, class_size, pg_before, pg_end, is_step,
      SUM(1 - is_step) OVER o AS below,
      SUM(cg) OVER o AS pg_below
    FROM (
      SELECT `privrisk_c0`, `privrisk_c1`, start_id, end_id, ca, class_size, pg_before, pg_end, 1 AS is_step,
        ca / class_size AS a, CAST(0 AS DOUBLE) AS cg
      FROM class_steps WHERE end_id >= start_id
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0,
        cg / (SELECT n FROM table_size), cg
      FROM value_cdf
    ) events
    WINDOW o AS (ORDER BY a ASC, is_step ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  ) counted
  WHERE is_step = 1
)
SELECT `privrisk_c0`, `privrisk_c1`, CASE WHEN t < 1e-12 THEN CAST(0 AS DOUBLE) ELSE t END AS t FROM (
  SELECT `privrisk_c0`, `privrisk_c1`,
    (SUM(ca * (2 * s - start_id - end_id + 1)) / MAX(class_size)
      + SUM(pg_end + pg_before - 2 * pg_s) / (SELECT n FROM table_size))
      / NULLIF((SELECT m FROM table_size) - 1, 0) AS t
  FROM splits
  GROUP BY `privrisk_c0`, `privrisk_c1`
) class_distances
) privrisk_classes
WHERE t > 0.25
