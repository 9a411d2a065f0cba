SELECT COUNT(*) AS n_rows
     , COUNT(*) - COUNT("age") AS missing_0
     , COUNT(*) - COUNT(CASE WHEN "income" = CAST('NaN' AS DOUBLE PRECISION) THEN NULL ELSE "income" END) AS missing_1
     , COUNT(*) - COUNT("visit") AS missing_2
     , COUNT(*) - COUNT("smoker") AS missing_3
     , COUNT(*) - COUNT("we""ird; DROP TABLE x;--") AS missing_4
     , COUNT(*) - COUNT("city") AS missing_5
     , COUNT(*) - COUNT("zone") AS missing_6
     , COUNT(*) - COUNT("job") AS missing_7
     , COUNT(*) - COUNT("flag") AS missing_8
FROM "people"
