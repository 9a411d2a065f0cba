CREATE TABLE "out" AS
SELECT privrisk_v0 AS "zip", privrisk_v1 AS "we""ird; DROP TABLE x;--", privrisk_v2 AS "income", class_size, CAST(1 AS DOUBLE PRECISION) / class_size AS prosecutor_risk,
  CAST(CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS BIGINT) AS population_size,
  CAST(1 AS DOUBLE PRECISION) / CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS journalist_risk
FROM (
  SELECT privrisk_v0, privrisk_v1, privrisk_v2, CAST(SUM(in_sample) AS BIGINT) AS class_size, CAST(SUM(in_population) AS BIGINT) AS population_size
  FROM (
    SELECT (CAST("zip" AS TEXT) COLLATE "C") AS privrisk_k0, "zip" AS privrisk_v0, "we""ird; DROP TABLE x;--" AS privrisk_k1, "we""ird; DROP TABLE x;--" AS privrisk_v1, CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END AS privrisk_k2, CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END AS privrisk_v2, 1 AS in_sample, 0 AS in_population
    FROM "people"
    UNION ALL
    SELECT (CAST("zip5" AS TEXT) COLLATE "C"), "zip5", "age", "age", CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END, CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END, 0, 1
    FROM "census"
  ) stacked
  GROUP BY privrisk_k0, privrisk_v0, privrisk_k1, privrisk_v1, privrisk_k2, privrisk_v2
  HAVING SUM(in_sample) > 0
) classes
WHERE CAST(1 AS DOUBLE PRECISION) / CASE WHEN population_size < class_size THEN class_size ELSE population_size END > 0.2
