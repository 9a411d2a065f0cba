SELECT
  COUNT(*) AS n_rows,
  SUM(CASE WHEN `weight` IS NULL THEN 1 ELSE 0 END) AS missing,
  SUM(CASE WHEN `weight` <= 0 THEN 1 ELSE 0 END) AS not_positive,
  SUM(CASE WHEN `weight` > 1.7976931348623157e308 THEN 1 ELSE 0 END) AS infinite,
  MAX(CAST(`weight` AS DOUBLE)) AS largest
FROM "people"
