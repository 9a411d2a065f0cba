SELECT COUNT(*) AS n_rows
     , COUNT(DISTINCT "patient_id") AS distinct_0
     , COUNT(DISTINCT "we""ird; DROP TABLE x;--") AS distinct_1
FROM "people"
