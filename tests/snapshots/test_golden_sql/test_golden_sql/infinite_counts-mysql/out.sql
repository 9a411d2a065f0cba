SELECT
  SUM(CASE WHEN NOT ISFINITE(`visit`) THEN 1 ELSE 0 END) AS infinite_0,
  SUM(CASE WHEN NOT ISFINITE(`we"ird; DROP TABLE x;--`) THEN 1 ELSE 0 END) AS infinite_1,
  SUM(CASE WHEN `score` IN (CAST('Infinity' AS DOUBLE), CAST('-Infinity' AS DOUBLE)) THEN 1 ELSE 0 END) AS infinite_2
FROM "people"
