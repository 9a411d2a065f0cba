CREATE TABLE `privrisk_x_tuple_labels` AS
SELECT w.c0, w.c1, w.c2, w.c3, w.c4, m4.val AS v4, b.*
FROM `privrisk_x_done` w JOIN `privrisk_x_labels` b ON b.pid = w.pid
LEFT JOIN `privrisk_x_map4` m4 ON m4.code = w.c4
