CREATE TABLE `privrisk_x_cuts0` AS
SELECT pid, dim, CAST(NULL AS DOUBLE) AS s, n FROM `privrisk_x_ranked0` WHERE rnk = 1
