SELECT COUNT(*) AS n_rows, COUNT("we""ird; DROP TABLE x;--") AS n_keys, COUNT(DISTINCT "we""ird; DROP TABLE x;--") AS n_distinct
FROM "people"
