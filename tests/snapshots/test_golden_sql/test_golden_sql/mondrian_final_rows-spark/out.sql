INSERT INTO `privrisk_x_done`
SELECT w.* FROM `privrisk_x_w` w WHERE NOT EXISTS (SELECT 1 FROM `privrisk_x_cuts0` x WHERE x.pid = w.pid)
