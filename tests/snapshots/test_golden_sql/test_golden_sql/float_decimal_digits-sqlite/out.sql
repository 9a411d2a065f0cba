WITH source_rows AS (
  SELECT "income", "we""ird; DROP TABLE x;--"
  FROM "people"
)
SELECT
  (SELECT MAX(privrisk_decimal_digits(v))
   FROM (SELECT DISTINCT "income" AS v FROM source_rows) "distinct_0") AS "digits_0",
  (SELECT MAX(privrisk_decimal_digits(v))
   FROM (SELECT DISTINCT "we""ird; DROP TABLE x;--" AS v FROM source_rows) "distinct_1") AS "digits_1"
