SELECT COUNT(*) AS n_parts, SUM(c) AS n_rows, MIN(c) AS smallest FROM (SELECT COUNT(*) AS c FROM "privrisk_x_output" GROUP BY `partition_id`) x
