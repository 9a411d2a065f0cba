SELECT COUNT(*) AS n_rows
     , COUNT(*) - COUNT("amount") AS missing_0
     , COUNT(*) - COUNT("we""ird; DROP TABLE x;--") AS missing_1
     , MIN("amount") AS min_0, MAX("amount") AS max_0
     , MIN("we""ird; DROP TABLE x;--") AS min_1, MAX("we""ird; DROP TABLE x;--") AS max_1
FROM "people"
