SELECT
  SUM(CASE WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END IS NULL THEN 1 ELSE 0 END) AS missing,
  SUM(CASE WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END < 0 THEN 1 ELSE 0 END) AS negative,
  SUM(CASE WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END > 9007199254740991 THEN 1 WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END >= 0 AND CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END <> FLOOR(CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END) THEN 1 ELSE 0 END) AS not_whole,
  SUM(CASE WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END > 0 THEN 1 ELSE 0 END) AS counted,
  SUM(CASE WHEN CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END > 0 THEN CAST(CASE WHEN `people_count` = CAST('NaN' AS DOUBLE) THEN NULL ELSE `people_count` END AS DOUBLE) ELSE 0 END) AS people
FROM "census"
