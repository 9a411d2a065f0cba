SELECT COUNT(CASE WHEN r.rnk = 2 THEN 1 END) AS uncut, COALESCE(SUM(r.nd), 0) AS candidate_rows FROM `privrisk_x_ranked0` r
WHERE r.rnk >= 2 AND (r.pid IS NULL OR r.pid NOT IN (SELECT pid FROM `privrisk_x_cuts0` WHERE pid IS NOT NULL))
