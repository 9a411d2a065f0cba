WITH source_rows AS (
  SELECT `income`, `we"ird; DROP TABLE x;--`
  FROM "people"
)
SELECT
  (SELECT MAX(LENGTH(TRIM(TRAILING '0' FROM SUBSTRING_INDEX(CAST(CAST(v AS DECIMAL(65, 10)) AS CHAR), '.', -1))))
   FROM (SELECT DISTINCT `income` AS v FROM source_rows) `distinct_0`) AS `digits_0`,
  (SELECT MAX(LENGTH(TRIM(TRAILING '0' FROM SUBSTRING_INDEX(CAST(CAST(v AS DECIMAL(65, 10)) AS CHAR), '.', -1))))
   FROM (SELECT DISTINCT `we"ird; DROP TABLE x;--` AS v FROM source_rows) `distinct_1`) AS `digits_1`
