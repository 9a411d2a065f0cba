WITH class_value AS (
  SELECT "zip", "we""ird; DROP TABLE x;--", "disease" AS sa, COUNT(*) AS c
  FROM "people"
  GROUP BY "zip", "we""ird; DROP TABLE x;--", "disease"
),
shares AS (
  SELECT "zip", "we""ird; DROP TABLE x;--", c,
    CAST(c AS DOUBLE PRECISION) / SUM(c) OVER (PARTITION BY "zip", "we""ird; DROP TABLE x;--") AS q,
    CAST(SUM(c) OVER (PARTITION BY sa) AS DOUBLE PRECISION) / SUM(c) OVER () AS p,
    SUM(c) OVER (PARTITION BY "zip", "we""ird; DROP TABLE x;--") AS class_size
  FROM class_value
),
per_class AS (
  SELECT
    COUNT(*) AS distinct_values,
    MAX(q) AS alpha,
    -SUM(q * LN(q)) AS entropy,
    MAX((q - p) / p) AS beta,
    MAX(ABS(LN(q / p))) AS delta,
    0.5 * (SUM(ABS(q - p)) + 1 - SUM(p)) AS emd_equal,
    MIN(p) AS min_p
  FROM shares
  GROUP BY "zip", "we""ird; DROP TABLE x;--"
)
SELECT MIN(distinct_values), MAX(alpha), MIN(entropy), MAX(beta), MAX(delta), MAX(emd_equal), MIN(min_p)
FROM per_class
