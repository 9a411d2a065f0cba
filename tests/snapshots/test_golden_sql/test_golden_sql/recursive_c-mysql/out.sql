WITH class_value AS (
  SELECT `privrisk_c0`, `privrisk_c1`, COUNT(*) AS c
  FROM (SELECT `zip` AS `privrisk_c0`, `we"ird; DROP TABLE x;--` AS `privrisk_c1`, `disease` AS `privrisk_c2` FROM "people") privrisk_named
  GROUP BY `privrisk_c0`, `privrisk_c1`, `privrisk_c2`
),
ranked AS (
  SELECT `privrisk_c0`, `privrisk_c1`, c,
    ROW_NUMBER() OVER (PARTITION BY `privrisk_c0`, CASE WHEN LENGTH(`privrisk_c0`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c0`, 256)) END, `privrisk_c1`, CASE WHEN LENGTH(`privrisk_c1`) * 4 >= @@max_sort_length THEN UNHEX(SHA2(`privrisk_c1`, 256)) END ORDER BY c DESC) AS rank_desc
  FROM class_value
)
SELECT MAX(FLOOR(CAST(top_count AS DOUBLE) / tail_sum) + 1) AS c
FROM (
  SELECT MAX(c) AS top_count, SUM(CASE WHEN rank_desc >= 2 THEN c ELSE 0 END) AS tail_sum
  FROM ranked
  GROUP BY `privrisk_c0`, `privrisk_c1`
) per_class
