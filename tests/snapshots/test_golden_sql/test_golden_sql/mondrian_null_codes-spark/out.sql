CREATE TABLE `privrisk_x_w` AS
SELECT w.rid, w.pid, w.c0 AS c0, COALESCE(w.c1, g.null_code1) AS c1, w.c2 AS c2, w.c3 AS c3, w.c4 AS c4, COALESCE(w.c5, g.null_code5) AS c5, COALESCE(w.c6, g.null_code6) AS c6, w.c7 AS c7, w.c8 AS c8, w.h7
FROM `privrisk_x_w0` w CROSS JOIN `privrisk_x_globals` g
