CREATE TABLE `privrisk_x_labels` AS
SELECT p.pid, p.partition_id
     , p.vlo0 AS lo0, p.vhi0 AS hi0
     , h0.label AS gen0
     , p.vlo1 AS lo1, p.vhi1 AS hi1
     , h1.label AS gen1
FROM `privrisk_x_parts` p
CROSS JOIN `privrisk_x_globals` g
LEFT JOIN `privrisk_x_nodes0` h0 ON h0.code = p.lo0 AND h0.depth = p.h0
LEFT JOIN `privrisk_x_nodes1` h1 ON h1.code = p.lo1 AND h1.depth = p.h1
