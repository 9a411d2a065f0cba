SELECT COUNT(*) AS n_rows
     , COUNT(`patient_id`) AS present_0
     , COUNT(DISTINCT `patient_id`) AS distinct_0
     , COUNT(`we"ird; DROP TABLE x;--`) AS present_1
     , COUNT(DISTINCT `we"ird; DROP TABLE x;--`) AS distinct_1
FROM "people"
