INSERT INTO `privrisk_x_done`
SELECT w.* FROM `privrisk_x_w` w WHERE (w.pid IS NULL OR w.pid NOT IN (SELECT pid FROM `privrisk_x_cuts0` WHERE pid IS NOT NULL))
