CREATE TEMPORARY TABLE `privrisk_x_chain7_1` AS
SELECT c.code, t.parent AS node FROM `privrisk_x_chain7_0` c JOIN `privrisk_x_tree7` t ON t.node = c.node
WHERE t.parent IS NOT NULL
