CREATE TABLE `privrisk_x_coded` AS
WITH both_sides AS (
  SELECT 0 AS side, rid, `c0`, `c1` FROM `privrisk_x_syn`
  UNION ALL
  SELECT 1 AS side, rid, `c0`, `c1` FROM `privrisk_x_ori`
),
dict_0 AS (
  SELECT value, CAST(ROW_NUMBER() OVER (ORDER BY first_side) AS BIGINT) AS code
  FROM (
    SELECT `c0` AS value, MIN(side) AS first_side FROM both_sides WHERE `c0` IS NOT NULL
    GROUP BY `c0`
  ) values_0
),
dict_1 AS (
  SELECT value, CAST(ROW_NUMBER() OVER (ORDER BY first_side) AS BIGINT) AS code
  FROM (
    SELECT `c1` AS value, MIN(side) AS first_side FROM both_sides WHERE `c1` IS NOT NULL
    GROUP BY `c1`
  ) values_1
)
SELECT
  b.side,
  b.rid,
  b.rid + b.side * 1099511627776 AS side_rid,
  COALESCE(dict_0.code, 0) AS `c0`,
  COALESCE(dict_1.code, 0) AS `c1`
FROM both_sides b
LEFT JOIN dict_0 ON dict_0.value = b.`c0`
LEFT JOIN dict_1 ON dict_1.value = b.`c1`
