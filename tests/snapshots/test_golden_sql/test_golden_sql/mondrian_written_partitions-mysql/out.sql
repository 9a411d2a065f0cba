SELECT COUNT(*), SUM(c), MIN(c) FROM (SELECT COUNT(*) AS c FROM "privrisk_x_output" GROUP BY `partition_id`) x
