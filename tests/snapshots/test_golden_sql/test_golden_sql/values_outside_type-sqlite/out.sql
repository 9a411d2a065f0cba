SELECT
  SUM(CASE WHEN "smoker" NOT IN (0, 1) THEN 1 ELSE 0 END) AS others_0,
  MIN(CASE WHEN "smoker" NOT IN (0, 1) THEN "smoker" END) AS example_0,
  SUM(CASE WHEN TYPEOF("we""ird; DROP TABLE x;--") NOT IN ('integer', 'real', 'null') THEN 1 ELSE 0 END) AS others_1,
  MIN(CASE WHEN TYPEOF("we""ird; DROP TABLE x;--") NOT IN ('integer', 'real', 'null') THEN "we""ird; DROP TABLE x;--" END) AS example_1,
  SUM(CASE WHEN TYPEOF("age") NOT IN ('integer', 'real', 'null') THEN 1 ELSE 0 END) AS others_2,
  MIN(CASE WHEN TYPEOF("age") NOT IN ('integer', 'real', 'null') THEN "age" END) AS example_2,
  SUM(CASE WHEN "visit" IS NOT NULL AND (UNIXEPOCH("visit") + (CAST(STRFTIME('%f', "visit") AS REAL) - CAST(STRFTIME('%S', "visit") AS INTEGER))) IS NULL THEN 1 ELSE 0 END) AS others_3,
  MIN(CASE WHEN "visit" IS NOT NULL AND (UNIXEPOCH("visit") + (CAST(STRFTIME('%f', "visit") AS REAL) - CAST(STRFTIME('%S', "visit") AS INTEGER))) IS NULL THEN "visit" END) AS example_3
FROM "people"
