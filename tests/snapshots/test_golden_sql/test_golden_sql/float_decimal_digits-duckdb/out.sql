SELECT
  COUNT(*) AS n_rows,
  MAX((10 - (LENGTH(PRINTF('%.10f', "income")) - LENGTH(RTRIM(PRINTF('%.10f', "income"), '0'))))) AS "digits_0",
  MAX((10 - (LENGTH(PRINTF('%.10f', "we""ird; DROP TABLE x;--")) - LENGTH(RTRIM(PRINTF('%.10f', "we""ird; DROP TABLE x;--"), '0'))))) AS "digits_1"
FROM "people"
