CREATE TABLE `privrisk_x_labels` AS
SELECT p.pid, p.partition_id
     , p.vlo0 AS lo0, p.vhi0 AS hi0
     , CASE WHEN p.lo0 = p.hi0 AND (p.vlo0 = p.vhi0 OR p.vlo0 IS NULL) THEN COALESCE(CAST(p.vlo0 AS STRING), 'NULL')
            ELSE COALESCE(CAST(p.vlo0 AS STRING), 'NULL') || '~' || COALESCE(CAST(p.vhi0 AS STRING), 'NULL') END AS gen0
     , CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS lo1, p.vhi1 AS hi1
     , CASE WHEN p.lo1 = p.hi1 AND (p.vlo1 = p.vhi1 OR p.vlo1 IS NULL) THEN COALESCE(CAST(CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS STRING), 'NULL')
            ELSE COALESCE(CAST(CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS STRING), 'NULL') || '~' || COALESCE(CAST(p.vhi1 AS STRING), 'NULL') END AS gen1
     , p.vlo2 AS lo2, p.vhi2 AS hi2
     , CASE WHEN p.lo2 = p.hi2 AND (p.vlo2 = p.vhi2 OR p.vlo2 IS NULL) THEN COALESCE(CAST(p.vlo2 AS STRING), 'NULL')
            ELSE COALESCE(CAST(p.vlo2 AS STRING), 'NULL') || '~' || COALESCE(CAST(p.vhi2 AS STRING), 'NULL') END AS gen2
     , CASE WHEN p.lo3 = 1 THEN TRUE WHEN p.lo3 = 0 THEN FALSE END AS lo3, CASE WHEN p.hi3 = 1 THEN TRUE WHEN p.hi3 = 0 THEN FALSE END AS hi3
     , CASE WHEN p.lo3 = p.hi3 THEN COALESCE(CAST(CASE WHEN p.lo3 = 1 THEN TRUE WHEN p.lo3 = 0 THEN FALSE END AS STRING), 'NULL')
            ELSE COALESCE(CAST(CASE WHEN p.lo3 = 1 THEN TRUE WHEN p.lo3 = 0 THEN FALSE END AS STRING), 'NULL') || '~' || COALESCE(CAST(CASE WHEN p.hi3 = 1 THEN TRUE WHEN p.hi3 = 0 THEN FALSE END AS STRING), 'NULL') END AS gen3
     , mlo4.val AS lo4, mhi4.val AS hi4
     , CASE WHEN p.lo4 = p.hi4 THEN COALESCE(CAST(mlo4.val AS STRING), 'NULL')
            ELSE COALESCE(CAST(mlo4.val AS STRING), 'NULL') || '~' || COALESCE(CAST(mhi4.val AS STRING), 'NULL') END AS gen4
FROM `privrisk_x_parts` p
CROSS JOIN `privrisk_x_globals` g
LEFT JOIN `privrisk_x_map4` mlo4 ON mlo4.code = p.lo4
LEFT JOIN `privrisk_x_map4` mhi4 ON mhi4.code = p.hi4
