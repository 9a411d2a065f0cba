CREATE TEMP TABLE "privrisk_x_w" AS
SELECT w.rid, w.pid, COALESCE(w.c0, g.null_code0) AS c0, COALESCE(w.c1, g.null_code1) AS c1, COALESCE(w.c2, g.null_code2) AS c2, COALESCE(w.c3, g.null_code3) AS c3, COALESCE(w.c4, g.null_code4) AS c4
FROM "privrisk_x_w0" w CROSS JOIN "privrisk_x_globals" g
