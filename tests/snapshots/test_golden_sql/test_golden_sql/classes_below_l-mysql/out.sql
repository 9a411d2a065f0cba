SELECT `privrisk_c0`, `privrisk_c1`, CAST(class_size AS SIGNED) AS class_size, distinct_values FROM (
WITH class_value AS (
  SELECT `privrisk_c0`, `privrisk_c1`, `privrisk_c2` AS sa, COUNT(*) AS c
  FROM (SELECT `zip` AS `privrisk_c0`, `we"ird; DROP TABLE x;--` AS `privrisk_c1`, `disease` AS `privrisk_c2` FROM "people") privrisk_named
  GROUP BY `privrisk_c0`, `privrisk_c1`, `privrisk_c2`
),
counts AS (
  SELECT `privrisk_c0`, `privrisk_c1`, c,
    SUM(c) OVER (PARTITION BY `privrisk_c0`, CASE WHEN LENGTH(`privrisk_c0`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c0`, 256)) END, `privrisk_c1`, CASE WHEN LENGTH(`privrisk_c1`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c1`, 256)) END) AS class_size,
    CAST(SUM(c) OVER (PARTITION BY sa, CASE WHEN LENGTH(sa) * 4 >= @@max_sort_length THEN UNHEX(SHA2(sa, 256)) END) AS DOUBLE) AS g,
    CAST(SUM(c) OVER () AS DOUBLE) AS n
  FROM class_value
),
shares AS (
  SELECT `privrisk_c0`, `privrisk_c1`, c, class_size, g, n, CAST(c AS DOUBLE) / class_size AS q, g / n AS p
  FROM counts
)
SELECT `privrisk_c0`, `privrisk_c1`,
  MAX(class_size) AS class_size,
  COUNT(*) AS distinct_values,
  MAX(q) AS alpha,
  -SUM(q * LN(q)) AS entropy,
  MAX((q - p) / p) AS beta,
  MAX(ABS(LN(q / p))) AS delta,  CASE WHEN (SUM(ABS(c * n - g * class_size)) + MAX(class_size) * (MAX(n) - SUM(g))) / (2 * MAX(class_size) * MAX(n)) < 1e-12 THEN CAST(0 AS DOUBLE) ELSE (SUM(ABS(c * n - g * class_size)) + MAX(class_size) * (MAX(n) - SUM(g))) / (2 * MAX(class_size) * MAX(n)) END AS emd_equal,
  MIN(p) AS min_p
FROM shares
GROUP BY `privrisk_c0`, `privrisk_c1`
) privrisk_classes
WHERE distinct_values < 2
