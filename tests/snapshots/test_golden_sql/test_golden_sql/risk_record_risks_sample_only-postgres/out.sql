CREATE TABLE "out" AS
SELECT privrisk_key AS "id", class_size, CAST(1 AS DOUBLE PRECISION) / class_size AS prosecutor_risk
FROM (
  SELECT privrisk_key, in_sample,
    CAST(SUM(in_sample) OVER (PARTITION BY privrisk_k0, privrisk_k1, privrisk_k2) AS BIGINT) AS class_size
  FROM (
    SELECT "id" AS privrisk_key, (CAST("zip" AS TEXT) COLLATE "C") AS privrisk_k0, "we""ird; DROP TABLE x;--" AS privrisk_k1, CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END AS privrisk_k2, 1 AS in_sample, 0 AS in_population
    FROM "people"
  ) stacked
) windowed
WHERE in_sample = 1
