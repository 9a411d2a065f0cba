WITH class_value AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY "privrisk_c0", "privrisk_c1") AS class_id,
    DENSE_RANK() OVER (ORDER BY "privrisk_c2") AS value_id,
    COUNT(*) AS c
  FROM (SELECT "zip" AS "privrisk_c0", "we""ird; DROP TABLE x;--" AS "privrisk_c1", "salary" AS "privrisk_c2" FROM "people") privrisk_named
  WHERE "privrisk_c2" IS NOT NULL
  GROUP BY "privrisk_c0", "privrisk_c1", "privrisk_c2"
),
value_counts AS (
  SELECT value_id, SUM(c) AS g FROM class_value GROUP BY value_id
),
class_sizes AS (
  SELECT class_id, SUM(c) AS class_size FROM class_value GROUP BY class_id
),
grid AS (
  SELECT s.class_id, v.value_id, s.class_size, v.g, COALESCE(cv.c, 0) AS c
  FROM class_sizes s
  CROSS JOIN value_counts v
  LEFT JOIN class_value cv ON cv.class_id = s.class_id AND cv.value_id = v.value_id
),
cdf AS (
  SELECT class_id,
    CAST(SUM(c) OVER (PARTITION BY class_id ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION) / class_size
    - CAST(SUM(g) OVER (PARTITION BY class_id ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION) / (SELECT SUM(g) FROM value_counts)
      AS gap
  FROM grid
)
SELECT MAX(emd) FROM (
  SELECT class_id, SUM(ABS(gap)) / NULLIF((SELECT COUNT(*) FROM value_counts) - 1, 0) AS emd
  FROM cdf
  GROUP BY class_id
) per_class
