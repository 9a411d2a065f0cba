CREATE TEMPORARY TABLE `privrisk_x_syn` AS
SELECT
  CAST(ROW_NUMBER() OVER (ORDER BY `c0`, `c1`, `c2`, (CONVERT(`c3` USING utf8mb4) COLLATE utf8mb4_nopad_bin)) - 1 AS SIGNED) AS rid,
  `c0`,
  `c1`,
  `c2`,
  `c3`
FROM (
  SELECT
    `c0`,
    `c1`,
    `c2`,
    `c3`
  FROM (
    SELECT
      `age` AS `c0`,
      (ROUND(CAST(`income` AS DOUBLE) * 100e0) / 100e0) AS `c1`,
      (`visit` - INTERVAL SECOND(`visit`) SECOND - INTERVAL MICROSECOND(`visit`) MICROSECOND) AS `c2`,
      `we"ird; DROP TABLE x;--` AS `c3`
    FROM "people"
  ) numbered
  GROUP BY `c0`, `c1`, `c2`, `c3`
) distinct_rows
