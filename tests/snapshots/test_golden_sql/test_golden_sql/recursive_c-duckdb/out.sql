WITH class_value AS (
  SELECT "zip", "we""ird; DROP TABLE x;--", COUNT(*) AS c
  FROM "people"
  GROUP BY "zip", "we""ird; DROP TABLE x;--", "disease"
),
ranked AS (
  SELECT "zip", "we""ird; DROP TABLE x;--", c,
    ROW_NUMBER() OVER (PARTITION BY "zip", "we""ird; DROP TABLE x;--" ORDER BY c DESC) AS rank_desc
  FROM class_value
)
SELECT MAX(FLOOR(CAST(top_count AS DOUBLE PRECISION) / tail_sum) + 1)
FROM (
  SELECT MAX(c) AS top_count, SUM(CASE WHEN rank_desc >= 2 THEN c ELSE 0 END) AS tail_sum
  FROM ranked
  GROUP BY "zip", "we""ird; DROP TABLE x;--"
) per_class
