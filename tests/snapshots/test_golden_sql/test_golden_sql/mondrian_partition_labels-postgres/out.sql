CREATE TEMP TABLE "privrisk_x_labels" AS
SELECT p.pid, p.partition_id
     , p.vlo0 AS lo0, p.vhi0 AS hi0
     , CASE WHEN p.lo0 = p.hi0 AND (p.vlo0 = p.vhi0 OR p.vlo0 IS NULL) THEN CAST(p.vlo0 AS TEXT)
            ELSE CAST(p.vlo0 AS TEXT) || '~' || CAST(p.vhi0 AS TEXT) END AS gen0
     , CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS lo1, p.vhi1 AS hi1
     , CASE WHEN p.lo1 = p.hi1 AND (p.vlo1 = p.vhi1 OR p.vlo1 IS NULL) THEN CAST(CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS TEXT)
            WHEN p.lo1 = g.null_code1 THEN '[null,"' || CASE WHEN p.vlo1 = p.vhi1 THEN CAST(p.vlo1 AS TEXT) ELSE CAST(p.vlo1 AS TEXT) || '~' || CAST(p.vhi1 AS TEXT) END || '"]'
            ELSE CAST(CASE WHEN p.lo1 = g.null_code1 THEN NULL ELSE p.vlo1 END AS TEXT) || '~' || CAST(p.vhi1 AS TEXT) END AS gen1
     , p.vlo2 AS lo2, p.vhi2 AS hi2
     , CASE WHEN p.lo2 = p.hi2 AND (p.vlo2 = p.vhi2 OR p.vlo2 IS NULL) THEN CAST(p.vlo2 AS TEXT)
            ELSE CAST(p.vlo2 AS TEXT) || '~' || CAST(p.vhi2 AS TEXT) END AS gen2
     , CASE WHEN p.lo3 = 1 THEN TRUE WHEN p.lo3 = 0 THEN FALSE END AS lo3, CASE WHEN p.hi3 = 1 THEN TRUE WHEN p.hi3 = 0 THEN FALSE END AS hi3
     , CASE WHEN p.nd3 = 1 THEN CASE WHEN p.lo3 = 1 THEN 'true' WHEN p.lo3 = 0 THEN 'false' END ELSE '[' || s3.vals || ']' END AS gen3
     , mlo4.val AS lo4, mhi4.val AS hi4
     , CASE WHEN p.lo4 = p.hi4 THEN CAST(mlo4.val AS TEXT)
            ELSE CAST(mlo4.val AS TEXT) || '~' || CAST(mhi4.val AS TEXT) END AS gen4
     , mlo5.val AS lo5, mhi5.val AS hi5
     , CASE WHEN p.nd5 = 1 THEN CAST(mlo5.val AS TEXT) ELSE '[' || s5.vals || ']' END AS gen5
     , mlo6.val AS lo6, mhi6.val AS hi6
     , CASE WHEN p.lo6 = p.hi6 THEN CAST(mlo6.val AS TEXT)
            WHEN p.lo6 = g.null_code6 THEN '[null,"' || CASE WHEN mlv6.code = p.hi6 THEN mlv6.json_text ELSE mlv6.json_text || '~' || mhi6.json_text END || '"]'
            ELSE CAST(mlo6.val AS TEXT) || '~' || CAST(mhi6.val AS TEXT) END AS gen6
     , mlo7.val AS lo7, mhi7.val AS hi7
     , h7.label AS gen7
     , p.vlo8 AS lo8, p.vhi8 AS hi8
     , CASE WHEN p.lo8 = p.hi8 AND (p.vlo8 = p.vhi8 OR p.vlo8 IS NULL) THEN CAST(p.vlo8 AS TEXT)
            ELSE CAST(p.vlo8 AS TEXT) || '~' || CAST(p.vhi8 AS TEXT) END AS gen8
FROM "privrisk_x_parts" p
CROSS JOIN "privrisk_x_globals" g
LEFT JOIN "privrisk_x_map4" mlo4 ON mlo4.code = p.lo4
LEFT JOIN "privrisk_x_map4" mhi4 ON mhi4.code = p.hi4
LEFT JOIN "privrisk_x_map5" mlo5 ON mlo5.code = p.lo5 AND p.lo5 > g.null_code5
LEFT JOIN "privrisk_x_map5" mhi5 ON mhi5.code = p.hi5 AND p.hi5 > g.null_code5
LEFT JOIN "privrisk_x_map6" mlo6 ON mlo6.code = p.lo6 AND p.lo6 > g.null_code6
LEFT JOIN "privrisk_x_map6" mhi6 ON mhi6.code = p.hi6 AND p.hi6 > g.null_code6
LEFT JOIN "privrisk_x_map6" mlv6 ON mlv6.code = p.lv6
LEFT JOIN "privrisk_x_map7" mlo7 ON mlo7.code = p.lo7
LEFT JOIN "privrisk_x_map7" mhi7 ON mhi7.code = p.hi7
LEFT JOIN (SELECT tp.pid, MAX(ta.depth) AS depth
   FROM "privrisk_x_parts" tp
   JOIN "privrisk_x_nodes7" ta ON ta.code = tp.lo7
   JOIN "privrisk_x_nodes7" tb ON tb.code = tp.hi7 AND tb.depth = ta.depth AND tb.label = ta.label
  GROUP BY tp.pid) td7 ON td7.pid = p.pid
LEFT JOIN "privrisk_x_nodes7" h7 ON h7.code = p.lo7 AND h7.depth = td7.depth
LEFT JOIN "privrisk_x_sets" s3 ON s3.pid = p.pid AND s3.dim = 3
LEFT JOIN "privrisk_x_sets" s5 ON s5.pid = p.pid AND s5.dim = 5
