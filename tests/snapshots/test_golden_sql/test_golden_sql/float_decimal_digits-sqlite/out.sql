SELECT
  COUNT(*) AS n_rows,
  MAX(privrisk_decimal_digits("income")) AS "digits_0",
  MAX(privrisk_decimal_digits("we""ird; DROP TABLE x;--")) AS "digits_1"
FROM "people"
