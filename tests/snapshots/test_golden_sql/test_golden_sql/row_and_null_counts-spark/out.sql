SELECT COUNT(*) AS n_rows
     , COUNT(*) - COUNT(`age`) AS missing_0
     , COUNT(*) - COUNT(CASE WHEN `income` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `income` END) AS missing_1
     , COUNT(*) - COUNT(`visit`) AS missing_2
     , COUNT(*) - COUNT(`smoker`) AS missing_3
     , COUNT(*) - COUNT(`we"ird; DROP TABLE x;--`) AS missing_4
FROM "people"
