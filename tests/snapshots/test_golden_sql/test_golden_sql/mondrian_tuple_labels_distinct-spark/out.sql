CREATE TABLE `privrisk_x_tuple_labels` AS
SELECT DISTINCT w.c0, w.c1, w.c2, w.c3, w.c4, m4.val AS v4, w.c5, m5.val AS v5, w.c6, m6.val AS v6, w.c7, m7.val AS v7, w.c8, b.*
FROM `privrisk_x_done` w JOIN `privrisk_x_labels` b ON b.pid = w.pid
CROSS JOIN `privrisk_x_globals` g
LEFT JOIN `privrisk_x_map4` m4 ON m4.code = w.c4
LEFT JOIN `privrisk_x_map5` m5 ON m5.code = w.c5 AND w.c5 > g.null_code5
LEFT JOIN `privrisk_x_map6` m6 ON m6.code = w.c6 AND w.c6 > g.null_code6
LEFT JOIN `privrisk_x_map7` m7 ON m7.code = w.c7
