CREATE TABLE `privrisk_x_syn` AS
SELECT
  CAST(ROW_NUMBER() OVER (ORDER BY CASE WHEN `c0` IS NULL THEN 0 ELSE 1 END, `c0`, CASE WHEN `c1` IS NULL THEN 0 ELSE 1 END, `c1`, CASE WHEN `c2` IS NULL THEN 0 ELSE 1 END, `c2`, CASE WHEN `c3` IS NULL THEN 0 ELSE 1 END, `c3`) - 1 AS BIGINT) AS rid,
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
      (BROUND(CAST(CASE WHEN `income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `income` END AS DOUBLE) * 100, 0) / 100) AS `c1`,
      DATE_TRUNC('minute', `visit`) AS `c2`,
      (CAST(`we"ird; DROP TABLE x;--` AS STRING) COLLATE UTF8_BINARY) AS `c3`
    FROM "people"
  ) numbered
  GROUP BY `c0`, `c1`, `c2`, `c3`
) distinct_rows
